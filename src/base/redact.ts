/**
 * Secret masking: THE one redactor. Everything omni delivers or stores (the reply, the archive,
 * traces, command text, session events, memory) passes through redactSecrets first: an archive
 * is a second copy, and a secret must not be kept in either.
 *
 * What counts as a secret comes, as facts, from public secret-scanning rule sets (provider token
 * prefixes and lengths, JWT and PEM shapes, header names); the code is ours. Every rule replaces
 * the secret's bytes in place and never a line terminator, so a masked Read keeps its line
 * numbers and a masked JSON/YAML payload stays the same document with other values untouched.
 */
import { maskHighEntropyNextToKey, maskInlineAssignments, maskKeyValues } from "./redact-keys.ts";
import { maskTokenShapes } from "./redact-tokens.ts";
import { isPlaceholder, mapHitLines, REDACTED, type Redaction } from "./redact-values.ts";

export { isSecretKey } from "./redact-keys.ts";

export { isPlaceholder, REDACTED, type Redaction } from "./redact-values.ts";

/** One masking pass over the text; each returns the new text and how many values it masked. */
type Pass = (text: string) => Redaction;

/** PEM blocks first (their bodies span lines), then named values, headers, token shapes, URL passwords. */
const PASSES: readonly Pass[] = [
  maskPemBlocks,
  maskKeyValues,
  maskAuthHeaders,
  maskTokenShapes,
  maskUrlPasswords,
  maskHighEntropyNextToKey,
];

/**
 * A mask can uncover another secret: a token masked as the name of an assignment (`ghp_…="  declare
 * -x PGPASSWORD=…`) no longer hides the assignment inside its quoted value. The passes run again
 * over what they masked until a round masks nothing, so masking twice never masks more.
 */
const MAX_ROUNDS = 4;

/** Mask every secret in `text`; `count` is how many values were masked. Text without secrets comes back as the same string. */
export function redactSecrets(text: string): Redaction {
  let count = 0;
  let out = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = out;
    for (const pass of PASSES) {
      const result = pass(out);
      count += result.count;
      out = result.text;
    }
    if (out === before) break;
  }
  // A secret's name in front of a private key's header masks the header without counting it when
  // the next line reads `[REDACTED]` (the key's body, counted by its own pass): if that line was
  // already masked in the input, this run masked the header alone, and that is one value.
  return out === text ? { text, count: 0 } : { text: out, count: Math.max(count, 1) };
}

/** The masked text alone, for short strings (an event, a label); null stays null. */
export function redactText<T extends string | null | undefined>(text: T): T {
  if (typeof text !== "string" || text === "") return text;
  return redactSecrets(text).text as T;
}

/**
 * A command line: `PGPASSWORD=x psql -h db` keeps `psql -h db` (an assignment's value ends at
 * whitespace here, where in an env file it runs to the end of the line), then every other rule.
 */
export function redactCommand(command: string): string {
  if (command === "") return command;
  return redactSecrets(maskInlineAssignments(command).text).text;
}

const PEM_BEGIN = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY( BLOCK)?-----/g;

/**
 * A private key's body: every run of characters between its BEGIN and END lines becomes one
 * `[REDACTED]`, terminators kept, so the block keeps its line count (a key inside a JSON string,
 * with `\n` escapes, becomes one run). With no END line the body runs to the end of the text.
 */
function maskPemBlocks(text: string): Redaction {
  if (!text.includes("PRIVATE KEY")) return { text, count: 0 };
  let count = 0;
  const out: string[] = [];
  let copied = 0;
  PEM_BEGIN.lastIndex = 0;
  for (let match = PEM_BEGIN.exec(text); match; match = PEM_BEGIN.exec(text)) {
    const bodyStart = match.index + match[0].length;
    const end = text.indexOf("-----END", bodyStart);
    const bodyEnd = end === -1 ? text.length : end;
    const body = text.slice(bodyStart, bodyEnd);
    // Split at each run of terminators (real ones, or `\n` escapes in a JSON string), keeping the runs:
    // a sentinel character would break on a body that holds it (a NUL a test printed).
    const masked = body
      .split(/((?:\\[nr]|[\r\n])+)/)
      .map((part, i) => (i % 2 === 1 || part.trim() === "" || isPlaceholder(part) ? part : REDACTED))
      .join("");
    if (masked !== body) {
      count++;
      out.push(text.slice(copied, bodyStart), masked);
      copied = bodyEnd;
    }
    PEM_BEGIN.lastIndex = end === -1 ? text.length : end + 8;
  }
  if (count === 0) return { text, count };
  out.push(text.slice(copied));
  return { text: out.join(""), count };
}

/**
 * `Authorization: Bearer …` (and Basic, Token, …), `Proxy-Authorization`, API-key and token
 * headers, and a bare `Bearer <token>`: the credential goes, the header name and scheme stay.
 * A PHP or Ruby hash's `'Authorization' => 'Basic …'` is the same header; `==` compares.
 */
const AUTH_HEADER =
  /\b((?:proxy-)?authorization|x-api-key|api-key|x-auth-token|x-access-token|private-token|x-goog-api-key|x-amz-security-token)(["']?[ \t]*(?:=>|[:=](?![=>]))[ \t]*["']?)((?:bearer|basic|token|digest|bot|negotiate|apikey|sso-key)[ \t]+)?([^\s"',;]+)/gi;
const BARE_BEARER = /\b(bearer[ \t]+)([A-Za-z0-9._~+/-]{16,}=*)/gi;
const COOKIE_HEADER = /\b((?:set-)?cookie)([ \t]*:[ \t]*)([^\r\n"']+)/gi;

const AUTH_WORD = /authoriz|api-key|-token|bearer|cookie/gi;

function maskAuthHeaders(text: string): Redaction {
  return mapHitLines(text, AUTH_WORD, (line) => {
    let count = 0;
    let out = line.replace(AUTH_HEADER, (match, name: string, sep: string, scheme: string | undefined, value: string) => {
      if (isPlaceholder(value)) return match;
      count++;
      return `${name}${sep}${scheme ?? ""}${REDACTED}`;
    });
    out = out.replace(BARE_BEARER, (match, scheme: string, value: string) => {
      if (isPlaceholder(value)) return match;
      count++;
      return `${scheme}${REDACTED}`;
    });
    out = out.replace(COOKIE_HEADER, (match, name: string, sep: string, value: string) => {
      // Only a header line (`Cookie: a=b`), not prose that mentions cookies.
      if (isPlaceholder(value) || !value.includes("=")) return match;
      count++;
      return `${name}${sep}${REDACTED}`;
    });
    return { text: out, count };
  });
}

/** `scheme://user:password@host`: the password is the secret, the rest stays readable. */
const URL_AUTHORITY = /\b([a-z][a-z0-9+.-]{0,30}:\/\/)([^\s/?#"'<>`]{0,2048})/gi;

/**
 * Anywhere in the text. A stand-in password (`user:password@`, `:${PASS}@`) is left alone: a
 * failing URL-parsing test prints one, and it is the subject of the output, not a secret.
 */
function maskUrlPasswords(text: string): Redaction {
  return mapHitLines(text, /:\/\//g, (line) => {
    // Credentials need an `@` after the scheme: most lines with a URL have none.
    if (!line.includes("@")) return { text: line, count: 0 };
    let count = 0;
    const out = line.replace(URL_AUTHORITY, (match, scheme: string, authority: string) => {
      // The host follows the LAST `@`: a password may itself contain `@`.
      const at = authority.lastIndexOf("@");
      const colon = authority.indexOf(":");
      if (
        at < 0 ||
        colon < 0 ||
        colon > at ||
        isPlaceholder(authority.slice(colon + 1, at)) ||
        isStandInPassword(authority.slice(colon + 1, at))
      )
        return match;
      count++;
      return `${scheme}${authority.slice(0, colon + 1)}${REDACTED}${authority.slice(at)}`;
    });
    return { text: out, count };
  });
}

function isStandInPassword(value: string): boolean {
  return /^(?:pass(?:word|wd)?|pwd|secret|changeme|xxx+|\*+)$/i.test(value);
}
