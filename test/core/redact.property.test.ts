/**
 * Properties of the one redactor on real fixture lines spliced with the fragments its rules turn
 * on: it never adds, drops or moves a line terminator (a masked Read keeps its line numbers), a
 * line it changes carries the mask (nothing else is rewritten), and masking twice masks nothing more.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { splitInclusive } from "../../src/base/lines.ts";
import { REDACTED, redactSecrets } from "../../src/base/redact.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

const terminators = (text: string) => text.replace(/[^\r\n]+/g, "");

function checkInvariants(text: string): void {
  const { text: out, count } = redactSecrets(text);
  expect(terminators(out)).toBe(terminators(text));
  const before = text.split("\n");
  const after = out.split("\n");
  before.forEach((line, i) => {
    if (after[i] !== line) expect(after[i]).toContain(REDACTED);
  });
  expect(count === 0).toBe(out === text);
  expect(redactSecrets(out).count).toBe(0);
}

const realLines = loadFixtures()
  .flatMap((fixture) => splitInclusive(fixture.text))
  .filter((line) => /[=:]|-----|Bearer|:\/\//.test(line));
const pieces = fc.oneof(
  fc.constantFrom(...realLines),
  fc.constantFrom(
    "GITHUB_TOKEN=",
    "export API_KEY=",
    "  declare -x PGPASSWORD=",
    "DATABASE_URL=postgres://u:p4ss@h/db",
    "password: ",
    '"secret": "',
    "Authorization: Bearer ",
    "--token ",
    "KEY=",
    "PATH=",
    "=",
    "x=y",
    "key: ",
  ),
  fc.constantFrom(
    "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
    "xoxb-1234567890-abcdefghijklmnop",
    "AKIAQYLPMN5HFIQR7XYZ",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "Zm9vYmFyQmF6UXV4MTIzNDU2Nzg5",
  ),
  fc.constantFrom(
    "\n",
    "\r\n",
    "\r",
    " ",
    "\u2028",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "'",
    '"',
    "[REDACTED]",
    "***",
    "abc",
    "\\n",
  ),
);

test("redaction keeps every line terminator, changes only lines it masks, and is idempotent", () => {
  expect(realLines.length).toBeGreaterThan(100);
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => checkInvariants(parts.join(""))),
    { numRuns: 2000 },
  );
});

test("the same holds on every whole fixture", () => {
  for (const fixture of loadFixtures()) checkInvariants(fixture.text);
});
