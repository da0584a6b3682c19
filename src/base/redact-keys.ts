/**
 * Secrets found by the name they are stored under: `KEY=value` (env, .env, INI, TOML, printenv),
 * `key: value` (YAML), `"key": "value"` (JSON), `--password=value` and `TOKEN=value cmd` on a
 * command line. A name that says secret masks any real value; a name that only might (`key`,
 * `auth`, `signature`) masks a value only when it looks random (high entropy, mixed classes).
 * Only the value's bytes change: quotes, separators and the rest of the line stay.
 */
import { isPlaceholder, mapHitLines, REDACTED, type Redaction } from "./redact-values.ts";

/** Whole key segments that name a secret (`GITHUB_TOKEN`, `PGPASSWORD`, `AWS_SECRET_ACCESS_KEY`, `dbPassword`). */
const SECRET_SEGMENT =
  /^(?:[A-Z]*TOKEN|[A-Z]*SECRET|[A-Z]*PASSWORD|[A-Z]*PASSWD|PASSPHRASE|CREDENTIALS?|AUTHORIZATION|COOKIE|APIKEY|PRIVATEKEY|SECRETKEY|ACCESSKEY)$/;
/** Two-segment names (`API_KEY`, `PRIVATE_KEY`, `ACCESS_KEY`, `SESSION_KEY`, `SIGNING_KEY`). */
const SECRET_PAIR =
  /(?:^|_)(?:API|PRIVATE|ACCESS|SESSION|SIGNING|ENCRYPTION|MASTER|SECRET|CLIENT|AUTH|ACCOUNT|APP|LICENSE|WEBHOOK)_KEY(?:_|$)/;
/** Names that hold a secret only sometimes: their values are masked when they look random. */
const MAYBE_SECRET_SEGMENT = /^(?:KEY|AUTH|SIG|SIGNATURE|SALT|SEED|CRED|SID|HMAC|NONCE|JWT|OTP|DSN|CONN|CONNECTION)$/;

/** Upper snake case: `dbPassword` → `DB_PASSWORD`, `api-key` → `API_KEY`. */
function normalizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[-.\s]+/g, "_")
    .toUpperCase();
}

export function isSecretKey(key: string): boolean {
  const upper = normalizeKey(key);
  // PWD and OLDPWD are working directories; `MYSQL_PWD` is a password.
  if (upper.endsWith("_PWD")) return true;
  if (SECRET_PAIR.test(upper)) return true;
  const segments = upper.split("_");
  // `DB_PASS` is a password; `_passThroughOptions` is not, and neither is a bare `PASS`: that is a test
  // verdict (`PASS: backref` in automake, busybox and many harnesses), never a credential's name.
  if (segments.length > 1 && segments.at(-1) === "PASS") return true;
  return segments.some((segment) => SECRET_SEGMENT.test(segment));
}

/**
 * An unquoted value that is source code, not a secret: `false;`, `!!passThrough;`, `string;`
 * (a TypeScript field), `decode(password),`, `this.token`. Real secrets in code sit in quotes.
 */
function looksLikeCode(value: string): boolean {
  const v = value.trim();
  if (/^["'`]/.test(v)) return false;
  return (
    /[;,{([]$/.test(v) ||
    /^(?:!|this\.|new\s|await\s|typeof\s|function\b|\(|=>)/.test(v) ||
    /^[A-Za-z_$][\w$.]*\(.*\)$/.test(v) ||
    /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v)
  );
}

/** A version or a plain number (`rpassword = "7.3"` in a Cargo.toml is a dependency). */
function looksLikeVersion(value: string): boolean {
  return /^["']?[~^>=<]*v?\d+(?:\.\d+)+[-+.\w]*["']?$/.test(value.trim());
}

/**
 * A test runner's verdict line (EUnit's `cow_cookie: setcookie_max_age_test...*failed*`, the module
 * as the key; test-unit's `-v` line `  test_token_kinds:\t\t.: (0.001248)`, the test as the key):
 * the name of a test that ran, never a credential.
 */
function looksLikeVerdict(value: string): boolean {
  return (
    /\.\.\.\s*(?:ok|\*?failed\*?|\*?skipped\*?|\*?timed out\*?|\[[\d.]+ s\] ok)\s*$/i.test(value) ||
    /^[.FEPON]: \([\d.]+\)$/.test(value.trim())
  );
}

/**
 * Code that passes a variable on under its own name (`self.key_password = key_password`,
 * `credentials: credentials`): the value names the variable that holds the secret, not the secret.
 */
function echoesName(value: string, key: string): boolean {
  const v = value.trim();
  return /^[A-Za-z_]\w*$/.test(v) && (v === key || v === key.split(".").at(-1));
}

/** A sentence documenting the name (`proxy_pass: The password used to authenticate with the proxy.`). */
function looksLikeProse(value: string): boolean {
  return /^[A-Z][a-z]+(?: [A-Za-z'(),/-]+){3,}\.$/.test(value.trim());
}

function isSecretValue(value: string, key = ""): boolean {
  return (
    !isPlaceholder(value) &&
    !looksLikeCode(value) &&
    !looksLikeVersion(value) &&
    !looksLikeVerdict(value) &&
    !echoesName(value, key) &&
    !looksLikeProse(value)
  );
}

/** The name's last segment decides: `signing_key` and `auth` may hold one, `SSH_AUTH_SOCK` holds a path. */
function isMaybeSecretKey(key: string): boolean {
  return MAYBE_SECRET_SEGMENT.test(normalizeKey(key).split("_").at(-1) ?? "");
}

/**
 * Looks random: 16+ characters of one token alphabet, letters and digits mixed, upper and lower
 * case both present, and at least 3.5 bits of entropy per character. Hex (hashes, git SHAs) and
 * UUIDs never qualify: they are the look-alikes this rule must leave alone.
 */
export function looksRandom(value: string): boolean {
  if (value.length < 16 || value.length > 4096 || !/^[A-Za-z0-9+/=_~.-]+$/.test(value)) return false;
  // A path or a dotted name is not a key.
  if (/^[./~]/.test(value) || /\/[A-Za-z]+\//.test(value) || /^[A-Za-z]+(?:\.[A-Za-z]+){2,}/.test(value)) return false;
  if (/^[0-9a-f-]+$/i.test(value)) return false;
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) return false;
  return entropyBits(value) >= 3.5;
}

function entropyBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * `export KEY=value`, `KEY = value` (INI/TOML), `declare -x KEY="value"`: the value is the rest of the line.
 * `KEY==value` is a comparison (a test's message), never an assignment.
 * A line starts at its own start or after a carriage return, never after U+2028 or U+2029 as a `m` flag
 * would have it: masking a token before one must not open a new line to a second pass.
 */
const LINE_ASSIGNMENT =
  /(?<=^|\r)([ \t]*(?:export[ \t]+|declare[ \t]+-x[ \t]+)?)([A-Za-z_][A-Za-z0-9_.-]*)([ \t]*=(?!=)[ \t]*)([^\r\n]*)(?=\r|$)/g;
/** `key: value` and `- "key": 'value'` (YAML); the value is the rest of the line. */
const YAML_PAIR = /(?<=^|\r)([ \t]*(?:-[ \t]+)?)(["']?)([A-Za-z_][A-Za-z0-9_.-]*)\2([ \t]*:[ \t]+)([^\r\n]+)(?=\r|$)/g;
/** `"key": "value"` anywhere (JSON, JSON inside logs); only string values. */
const JSON_PAIR = /("([A-Za-z_][A-Za-z0-9_.-]*)"[ \t]*:[ \t]*")((?:[^"\\\r\n]|\\.)*)"/g;
/** `--password=value`, `--token value` on a command line. */
const FLAG_VALUE = /(^|[\s"'])(--?[A-Za-z][A-Za-z0-9_-]*)(=|[ \t]+)("[^"\r\n]*"|'[^'\r\n]*'|[^\s"'-][^\s"']*)/g;
/** `TOKEN=value cmd`, `a=1 PGPASSWORD=x psql` inside a line: the value ends at whitespace; `==` compares. */
const INLINE_ASSIGNMENT = /(^|[\s;&|(])([A-Za-z_][A-Za-z0-9_]*)=(?!=)("[^"\r\n]*"|'[^'\r\n]*'|[^\s"';&|)]+)/g;

/** The value with its surrounding quotes kept and its inside masked. */
function maskValue(value: string): string {
  const quoted = /^(\s*)(["'`])(.*)\2(\s*[;,]?\s*)$/.exec(value);
  if (quoted) return `${quoted[1]}${quoted[2]}${REDACTED}${quoted[2]}${quoted[4]}`;
  return REDACTED;
}

/** A trailing ` # comment` (YAML, TOML, INI, .env) is not part of the value. */
function trailingComment(value: string): { value: string; rest: string } {
  const comment = /\s+#.*$/.exec(value);
  return comment ? { value: value.slice(0, comment.index), rest: value.slice(comment.index) } : { value, rest: "" };
}

/**
 * Every name isSecretKey accepts contains one of these words (case aside): only lines that hold
 * one are read by the rules below, so a megabyte of output without any costs one literal scan.
 */
const SECRET_WORD = /token|secret|pass|pwd|credential|authorization|cookie|key/gi;

export function maskKeyValues(text: string): Redaction {
  return mapHitLines(text, SECRET_WORD, maskKeyValuesInLine);
}

/** One line (no terminator); `following` is the text right after it, for a PEM block's first body line. */
function maskKeyValuesInLine(line: string, following: string): Redaction {
  let count = 0;
  let out = line;
  if (out.includes("=")) {
    out = out.replace(LINE_ASSIGNMENT, (match, prefix: string, key: string, sep: string, whole: string) => {
      const { value, rest } = trailingComment(whole);
      if (!isSecretKey(key) || !isSecretValue(value, key)) return match;
      // `KEY=-----BEGIN … PRIVATE KEY-----`: the block's body, masked on the next line, was counted already.
      const bodyMasked = /^["']?-----BEGIN [A-Z0-9 ]*PRIVATE KEY/.test(value) && /^\r?\n\[REDACTED\]/.test(following);
      if (!bodyMasked) count++;
      return `${prefix}${key}${sep}${maskValue(value)}${rest}`;
    });
    const inline = maskInlineAssignments(out);
    count += inline.count;
    out = inline.text;
  }
  if (out.includes(":")) {
    out = out.replace(YAML_PAIR, (match, prefix: string, quote: string, key: string, sep: string, whole: string) => {
      const { value, rest } = trailingComment(whole);
      if (!isSecretKey(key) || !isSecretValue(value, key) || /^[|>][-+0-9]*$/.test(value.trim()) || /^[[{]/.test(value.trim()))
        return match;
      count++;
      return `${prefix}${quote}${key}${quote}${sep}${maskValue(value)}${rest}`;
    });
    if (out.includes('"')) {
      out = out.replace(JSON_PAIR, (match, head: string, key: string, value: string) => {
        if (!isSecretKey(key) || isPlaceholder(value)) return match;
        count++;
        return `${head}${REDACTED}"`;
      });
    }
  }
  if (out.includes("-")) {
    out = out.replace(FLAG_VALUE, (match, lead: string, flag: string, sep: string, value: string) => {
      const name = flag.replace(/^-+/, "");
      // `--password-file PATH` names where the secret is, not the secret.
      if (name.length < 3 || !isSecretKey(name) || /(?:file|path|dir|env|name|id|url|stdin)$/i.test(name) || !isSecretValue(value))
        return match;
      count++;
      return `${lead}${flag}${sep}${maskValue(value)}`;
    });
  }
  return { text: out, count };
}

/** Every maybe-secret name ends with one of these words. */
const MAYBE_WORD = /key|auth|sig|salt|seed|cred|sid|hmac|nonce|jwt|otp|dsn|conn/gi;
/**
 * A separator and a token-like value of 16 to 512 characters (`=` only as trailing padding, so a
 * run of `=` or `:` cannot make the scan quadratic); the name before it is read backwards.
 */
const MAYBE_VALUE = /([:=])([ \t]*)(["']?)([A-Za-z0-9+/_~.-]{16,512}={0,2})\3(?![A-Za-z0-9+/=_~.-])/g;
const KEY_BEFORE = /(["']?)([A-Za-z_][A-Za-z0-9_.-]{0,127})\1[ \t]*$/;

/** `key: value` / `key=value` / `"key": "value"` with a maybe-secret name: masked when the value looks random. */
export function maskHighEntropyNextToKey(text: string): Redaction {
  return mapHitLines(text, MAYBE_WORD, (line) => {
    let count = 0;
    const out = line.replace(MAYBE_VALUE, (match, sep: string, space: string, quote: string, value: string, offset: number) => {
      const key = KEY_BEFORE.exec(line.slice(Math.max(0, offset - 140), offset))?.[2];
      if (key === undefined || !isMaybeSecretKey(key) || !looksRandom(value)) return match;
      count++;
      return `${sep}${space}${quote}${REDACTED}${quote}`;
    });
    return { text: out, count };
  });
}

/** `TOKEN=value cmd`: the value ends at whitespace, so the command after it stays readable. */
export function maskInlineAssignments(text: string): Redaction {
  if (!text.includes("=")) return { text, count: 0 };
  let count = 0;
  const out = text.replace(INLINE_ASSIGNMENT, (match, lead: string, key: string, value: string) => {
    if (!isSecretKey(key) || !isSecretValue(value, key)) return match;
    count++;
    return `${lead}${key}=${maskValue(value)}`;
  });
  return { text: out, count };
}
