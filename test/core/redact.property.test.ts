/**
 * The span scan in redactSecrets must give exactly what judging every line on its own gives.
 * The model below is that line-by-line reading, written plainly; the inputs are real fixture
 * lines cut and spliced with the fragments the rules turn on.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { splitInclusive, stripTerminator } from "../../src/core/lines.ts";
import { isSecretKey, REDACTED, redactSecrets } from "../../src/core/redact.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

const ASSIGNMENT = /^(\s*(?:export\s+|declare\s+-x\s+)?)([A-Za-z_][A-Za-z0-9_.]*)=(.*)$/;
const URL_AUTHORITY = /([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*)/gi;
const masked = (value: string) => ["", REDACTED].includes(value.replace(/^["']|["']$/g, "")) || /^\*+$/.test(value.replace(/^["']|["']$/g, ""));

function lineByLine(text: string): { text: string; count: number } {
  let count = 0;
  let inPem = false;
  const out: string[] = [];
  for (const line of splitInclusive(text)) {
    const body = stripTerminator(line);
    const terminator = line.slice(body.length);
    if (inPem) {
      inPem = !body.includes("-----END");
      continue;
    }
    const m = ASSIGNMENT.exec(body);
    if (!m) {
      out.push(line);
      continue;
    }
    const [, prefix, key, value] = m as unknown as [string, string, string, string];
    if (isSecretKey(key) && !masked(value)) {
      count++;
      inPem = value.includes("-----BEGIN") && !value.includes("-----END");
      out.push(`${prefix}${key}=${REDACTED}${terminator}`);
      continue;
    }
    const rest = value.replace(URL_AUTHORITY, (match, scheme: string, authority: string) => {
      const at = authority.lastIndexOf("@");
      const colon = authority.indexOf(":");
      if (at < 0 || colon < 0 || colon > at || masked(authority.slice(colon + 1, at))) return match;
      count++;
      return `${scheme}${authority.slice(0, colon + 1)}${REDACTED}${authority.slice(at)}`;
    });
    out.push(`${prefix}${key}=${rest}${terminator}`);
  }
  return { text: out.join(""), count };
}

const realLines = loadFixtures().flatMap((fixture) => splitInclusive(fixture.text)).filter((line) => line.includes("=") || line.includes("-----"));
const pieces = fc.oneof(
  fc.constantFrom(...realLines),
  fc.constantFrom("GITHUB_TOKEN=", "export API_KEY=", "  declare -x PGPASSWORD=", "DATABASE_URL=postgres://u:p@h/db", "KEY=", "PATH=", "=", "x=y"),
  fc.constantFrom("\n", "\r\n", "\r", " ", "\u2028", "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", "'", "\"", "[REDACTED]", "***", "abc"),
);

test("redactSecrets equals judging every line on its own", () => {
  expect(realLines.length).toBeGreaterThan(100);
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
      const text = parts.join("");
      expect(redactSecrets(text)).toEqual(lineByLine(text));
    }),
    { numRuns: 2000 },
  );
});

test("the model agrees on whole fixtures", () => {
  for (const fixture of loadFixtures()) expect(redactSecrets(fixture.text)).toEqual(lineByLine(fixture.text));
});
