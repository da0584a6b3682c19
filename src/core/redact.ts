/**
 * Secret masking. A `KEY=value` line whose key names a secret, and the password part of a
 * `scheme://user:password@host` URL assigned to any key, become `[REDACTED]` before anything is
 * delivered or archived: an archive is a second copy, and a secret must not be kept in either.
 */
import { stripTerminator } from "./lines.ts";

export const REDACTED = "[REDACTED]";

/** `export KEY=value`, `declare -x KEY="value"`, `KEY=value` (env, printenv, .env files). */
const ASSIGNMENT = /^(\s*(?:export\s+|declare\s+-x\s+)?)([A-Za-z_][A-Za-z0-9_.]*)=(.*)$/;
/** Whole key segments that name a secret (`GITHUB_TOKEN`, `PGPASSWORD`, `AWS_SECRET_ACCESS_KEY`). */
const SECRET_SEGMENT = /^(?:[A-Z]*TOKEN|[A-Z]*SECRET|[A-Z]*PASSWORD|[A-Z]*PASSWD|PASSPHRASE|CREDENTIALS?|AUTHORIZATION|COOKIE|APIKEY|PRIVATEKEY)$/;
/** Two-segment names (`API_KEY`, `PRIVATE_KEY`, `ACCESS_KEY`, `SESSION_KEY`, `SIGNING_KEY`). */
const SECRET_PAIR = /(?:^|_)(?:API|PRIVATE|ACCESS|SESSION|SIGNING|ENCRYPTION|MASTER|SECRET)_KEY(?:_|$)/;
/** `scheme://user:password@host`: the password is the secret, the rest stays readable. */
const URL_AUTHORITY = /([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*)/gi;

export function isSecretKey(key: string): boolean {
  const upper = key.toUpperCase();
  // PWD and OLDPWD are working directories; `MYSQL_PWD` is a password.
  if (upper.endsWith("_PWD")) return true;
  if (SECRET_PAIR.test(upper)) return true;
  return upper.split(/[_.]/).some((segment) => SECRET_SEGMENT.test(segment));
}

function isAlreadyMasked(value: string): boolean {
  const bare = value.replace(/^["']|["']$/g, "");
  return bare === "" || bare === REDACTED || /^\*+$/.test(bare);
}

/**
 * Mask every secret in `text`; `count` is how many values were masked. Line terminators are kept.
 * Only a line with a `=` can be an assignment, so the scan jumps from one `=` to the next and
 * copies the text between changed lines in spans: per-line copies of a megabyte were most of a
 * hook's peak memory, and text without secrets comes back as the same string.
 */
export function redactSecrets(text: string): { text: string; count: number } {
  let count = 0;
  const out: string[] = [];
  /** Everything before this offset is already in `out` (or dropped). */
  let copied = 0;
  for (let eq = text.indexOf("="); eq !== -1; ) {
    const start = text.lastIndexOf("\n", eq) + 1;
    const end = lineEnd(text, eq);
    const masked = redactLine(text.slice(start, end));
    let next = end;
    if (masked.count > 0) {
      count += masked.count;
      out.push(text.slice(copied, start), masked.text);
      // The continuation lines of a multi-line key belong to the value just masked: dropped
      // up to and including the line that closes it.
      const close = masked.opensPemBlock ? text.indexOf("-----END", end) : -1;
      if (masked.opensPemBlock) next = close === -1 ? text.length : lineEnd(text, close);
      copied = next;
    }
    eq = text.indexOf("=", next);
  }
  if (out.length === 0) return { text, count };
  out.push(text.slice(copied));
  return { text: out.join(""), count };
}

/** One past the terminator of the line holding `at` (the text's end for a last line without one). */
function lineEnd(text: string, at: number): number {
  const newline = text.indexOf("\n", at);
  return newline === -1 ? text.length : newline + 1;
}

/** One line (with its terminator) masked; count 0 means it stands as it was. */
function redactLine(line: string): { text: string; count: number; opensPemBlock: boolean } {
  const body = stripTerminator(line);
  const assignment = ASSIGNMENT.exec(body);
  if (!assignment) return { text: line, count: 0, opensPemBlock: false };
  const prefix = assignment[1]!;
  const key = assignment[2]!;
  const value = assignment[3]!;
  const terminator = line.slice(body.length);
  if (isSecretKey(key) && !isAlreadyMasked(value)) {
    return { text: `${prefix}${key}=${REDACTED}${terminator}`, count: 1, opensPemBlock: value.includes("-----BEGIN") && !value.includes("-----END") };
  }
  const masked = maskUrlPasswords(value);
  return { text: `${prefix}${key}=${masked.text}${terminator}`, count: masked.count, opensPemBlock: false };
}

/**
 * Only inside an assignment's value (`DATABASE_URL=postgres://u:p@h`): in free text a URL with
 * credentials is usually the subject of the output (a failing URL-parsing test), not a secret.
 */
function maskUrlPasswords(value: string): { text: string; count: number } {
  let count = 0;
  const text = value.replace(URL_AUTHORITY, (match, scheme: string, authority: string) => {
    // The host follows the LAST `@`: a password may itself contain `@`.
    const at = authority.lastIndexOf("@");
    const colon = authority.indexOf(":");
    if (at < 0 || colon < 0 || colon > at || isAlreadyMasked(authority.slice(colon + 1, at))) return match;
    count++;
    return `${scheme}${authority.slice(0, colon + 1)}${REDACTED}${authority.slice(at)}`;
  });
  return { text, count };
}
