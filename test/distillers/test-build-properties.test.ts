/**
 * Invariants of the test and build distillers over scrambled real output: lines of every fixture
 * of both families, shuffled and mixed. They never throw, and they never invent a line: each line
 * they deliver was printed by the tool, except the two derived forms they document; a repeated
 * finding that points at its first one (`a.py:9: error: (same as 3)`) is read whole.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { splitLines, stripAnsi } from "../../src/base/lines.ts";
import { expandSameAs } from "../../src/base/same-as.ts";
import { distillWith } from "../helpers/distill.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

const FIXTURES = loadFixtures("test").concat(loadFixtures("build"));
const POOL = [...new Set(FIXTURES.flatMap((f) => f.text.split("\n")))];
/**
 * The only lines not copied from the input: cargo's panic line under its own verdict, a file's
 * warning count, a failure block's pointer to the earlier block that printed the same message or
 * stack (`[7 frames as in 1) above]`), busted's pointer for expected lines shared with the
 * passed-in value, a long Java message's count of the lines it had between its ends, the shape miner's counted markers over a failing test program's own output (and
 * its count of redrawn lines shown as their last frame), and
 * ruff's full report written as its concise lines (`pkg/a.py:25:50: F821 Undefined name \`x\``).
 */
const DERIVED = [
  /^panicked at \S+:\d+:\d+:$/,
  /^\[\S+: \d+ warnings?\]$/,
  /^\s*(?:│ )?\[(?:same message(?: and \d+ frames?)?|\d+ (?:frames?|lines?)) as in \S+ above\]$/,
  /^\[\d+ lines as in Passed in\]$/,
  /^\[\d+ similar lines omitted\]$/,
  /^\[\d+ progress lines shown as their last frame\]$/,
  /^\[\d+ more lines of its (?:output|log|message)\]$/,
  /^\S+:\d+:\d+: [A-Z]{1,4}\d{3,4} \S/,
];

/** A block's pointer to the earlier block of the test it names: `│ [same message and 1 frame as in "Formats 1000000.0 microseconds as "00:01" [0.02 ms]" above]`. */
const NAMED_POINTER = /^\s*(?:│ )?\[(?:same message(?: and \d+ frames?)?|\d+ (?:frames?|lines?)) as in "(.+)" above\]$/;

const FORTRAN_JOINED = /^(\S+\.[fF]\w*:\d+:\d+(?:-\d+)?:) ((?:Warning|Error|Fatal Error|note): .*)$/;

/** A phpcs row's message wrapped onto rows of its own (`      |         |     not allowed`): the text of one. */
const PHPCS_WRAPPED = /^\s+\|\s+\|\s+(\S.*?)\s*$/;

/** A phpcs row shown with its wrapped lines joined on: the row as printed, then each wrapped text after a space. */
function isJoinedPhpcsRow(line: string, printed: Set<string>): boolean {
  if (!/^\s*\d+ \| (?:ERROR|WARNING)/.test(line)) return false;
  const rows = new Set([...printed].map((p) => p.trimEnd()));
  const wrapped = new Set([...printed].flatMap((p) => PHPCS_WRAPPED.exec(p)?.[1] ?? []));
  const rest = (tail: string): boolean =>
    tail === "" || [...wrapped].some((w) => tail.startsWith(` ${w}`) && rest(tail.slice(w.length + 1)));
  for (let k = line.indexOf("|"); k < line.length; k++)
    if (line[k + 1] === " " && rows.has(line.slice(0, k + 1)) && rest(line.slice(k + 1))) return true;
  return false;
}

const mixed = fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 120 }).map((lines) => lines.join("\n") + "\n");
/** One real output with some of its lines missing, order kept: a run cut short or filtered. */
const thinned = fc
  .constantFrom(...FIXTURES.map((f) => f.text.split("\n")).filter((lines) => lines.length <= 600))
  .chain((lines) =>
    fc
      .array(fc.boolean(), { minLength: lines.length, maxLength: lines.length })
      .map((keep) => lines.filter((_, i) => keep[i] || lines.length < 3).join("\n")),
  );
const scrambled = fc.oneof(mixed, thinned, fc.constantFrom(...FIXTURES.map((f) => f.text)));

/** Each line the distiller delivered was printed by the tool, or is one of the documented derived forms. */
function expectOnlyPrinted(id: "test" | "build", text: string, failed: boolean): void {
  const out = distillWith(id, text, { failed });
  if (out === null) return;
  // Lines as the distillers read them: a `\r\n` ends a line as `\n` does (a test printing "Line1\r\n").
  // A line redrawn with carriage returns is shown as its frames, each one a terminal showed.
  const printed = new Set(splitLines(text).flatMap((line) => (line.includes("\r") ? [line, ...line.split("\r")] : [line])));
  for (const line of expandSameAs(out).split("\n")) {
    if (line === "" || printed.has(line)) continue;
    // gfortran's place and message, printed lines apart, shown as one line: both halves were printed.
    const joined = FORTRAN_JOINED.exec(stripAnsi(line));
    if (joined && printed.has(joined[1]!) && printed.has(joined[2]!)) continue;
    if (isJoinedPhpcsRow(stripAnsi(line), printed)) continue;
    // A pointer to an earlier block by the test's name, quoted as printed (the name may hold quotes itself).
    const named = NAMED_POINTER.exec(stripAnsi(line));
    if (named) {
      expect(text.includes(named[1]!)).toBe(true);
      continue;
    }
    expect(DERIVED.some((pattern) => pattern.test(stripAnsi(line)))).toBe(true);
  }
}

describe.each(["test", "build"] as const)("%s distiller on scrambled real output", (id) => {
  test("never throws and delivers only lines the tool printed", () => {
    fc.assert(
      fc.property(scrambled, fc.boolean(), (text, failed) => expectOnlyPrinted(id, text, failed)),
      { numRuns: 300 },
    );
  });

  // Every fixture whole, both ways, so that no real output is left to the draw.
  test("delivers only lines the tool printed on every fixture as captured", () => {
    for (const f of FIXTURES) for (const failed of [false, true]) expectOnlyPrinted(id, f.text, failed);
  }, 60_000);
});
