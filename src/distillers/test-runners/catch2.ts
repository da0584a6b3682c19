/**
 * Catch2's console reporter (v2 and v3), as a C++ test program prints a run: a banner
 * (`x is a Catch v2.13.7 host application.`), then a block per test case that had something to
 * report, each headed by its name (and section names) between dashed rules and its location, then
 * one result per assertion (`file:line: FAILED:`, the expression, `with expansion:` values,
 * `with message:`, `due to unexpected exception with message:`), and the tally under a rule of
 * `=`: `test cases: 39 | 35 passed | 4 failed` and `assertions: …`, or `All tests passed (…)`.
 *
 * Kept: each failing test case's name and location and its failed results whole, its warnings,
 * and the tally. Passing results (`-s` prints them all) and the banner go. A test program run by
 * ctest prints one report per program: each is read on its own and their failures add up.
 */
import { countIn, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^test cases:\s+\d+ \|.*\bfailed\b/;
const ALL_PASSED = /^All tests passed \(\d+ assertions? in \d+ test cases?\)$/;
/** `| 4 failed`, not `| 1 failed as expected` (a `[!shouldfail]` test that did fail). */
const FAILED_COUNT = /\| +(\d+) failed(?! as expected)/;
const RULE = /^-{20,}$/;
const DOTS = /^\.{20,}$/;
const END_RULE = /^={20,}$/;
/** `file:line: FAILED:` (or `file(line):` as MSVC builds print it), and the other outcomes. */
const RESULT = /^\S.*(?::\d+|\(\d+\)): (FAILED|PASSED|warning|SKIPPED|FAILED - but was ok|failed - but was ok):$/;
/** The banner and what Catch prints before any test runs: never an answer. */
const BANNER = /^(?:~{20,}|.* is a Catch2? v\d[\d.]* host application\.|Run with -\? for options|Randomness seeded to: \d+)$/;

export function readCatch2(lines: RunLines): RunReading | null {
  const { plain } = lines;
  const ends: number[] = [];
  plain.forEach((line, i) => {
    if (TALLY.test(line) || ALL_PASSED.test(line)) ends.push(i);
  });
  if (ends.length === 0 || !plain.some((line) => BANNER.test(line) && line.includes(" host application."))) return null;
  const pieces: Piece[] = [];
  let found = 0;
  let tallied = 0;
  let from = 0;
  for (const end of ends) {
    const report = readReport(lines, from, end);
    pieces.push(...report.pieces);
    found += report.failing;
    tallied += countIn(plain[end]!, FAILED_COUNT);
    from = end + 1;
  }
  return { pieces, failuresFound: found, failuresTallied: tallied };
}

/** One program's report: lines from..end, `end` its `test cases:` line. */
function readReport(lines: RunLines, from: number, end: number): { pieces: Piece[]; failing: number } {
  const { plain, raw } = lines;
  const pieces: Piece[] = [{ at: end, lines: [raw[end]!] }];
  const assertionsAt = end + 1;
  if (/^assertions:\s+\d+ \|/.test(plain[assertionsAt] ?? "")) pieces.push({ at: assertionsAt, lines: [raw[assertionsAt]!] });
  const headers: { at: number; close: number }[] = [];
  for (let i = from; i < end; i++) {
    const close = RULE.test(plain[i]!) ? headerClose(plain, i, end) : -1;
    if (close !== -1) headers.push({ at: i, close });
  }
  const failingNames = new Set<string>();
  headers.forEach(({ at, close }, k) => {
    const blockEnd = headers[k + 1]?.at ?? lastBefore(plain, at, end);
    const block = readBlock(lines, at, close, blockEnd);
    if (block === null) return;
    pieces.push(block.piece);
    if (block.failed) failingNames.add(plain[at + 1]!);
  });
  return { pieces, failing: failingNames.size };
}

/**
 * A test case's head: a rule, one or more name lines, a rule, its location, and a rule of dots.
 * The index of the rule that closes the names, or -1 when the rule at `at` opens no head.
 */
function headerClose(plain: string[], at: number, end: number): number {
  let close = at + 2;
  while (close < end && close - at < 8 && !RULE.test(plain[close]!)) close++;
  return close < end && RULE.test(plain[close]!) && DOTS.test(plain[close + 2] ?? "") ? close : -1;
}

/** The report's last block runs up to its rule of `=` (or the tally when it printed none). */
function lastBefore(plain: string[], at: number, end: number): number {
  for (let i = end - 1; i > at; i--) if (END_RULE.test(plain[i]!)) return i;
  return end;
}

/**
 * A test case's block (`close`: the rule under its names), minus the passing results: its name
 * lines and location, then each result that failed or warned, whole. Null when nothing in it
 * failed or warned.
 */
function readBlock(lines: RunLines, at: number, close: number, end: number): { piece: Piece; failed: boolean } | null {
  const { plain, raw } = lines;
  const kept = [...raw.slice(at + 1, close), raw[close + 1]!];
  let failed = false;
  let warned = false;
  let keeping = true;
  for (let i = close + 3; i < end; i++) {
    const result = RESULT.exec(plain[i]!);
    if (result) {
      keeping = result[1] !== "PASSED" && result[1] !== "SKIPPED";
      if (result[1] === "FAILED") failed = true;
      if (result[1] === "warning") warned = true;
    }
    const blankAgain = plain[i]!.trim() === "" && kept.at(-1)?.trim() === "";
    if (keeping && !blankAgain && !BANNER.test(plain[i]!)) kept.push(raw[i]!);
  }
  if (!failed && !warned) return null;
  return { piece: { at: at + 1, lines: trimBlank(kept) }, failed };
}
