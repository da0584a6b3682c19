/**
 * Jest: the `Tests:` / `Test Suites:` tallies, `FAIL path` lines (and `PASS` ones when few files ran),
 * the `✕ name` line of each failing test, and one `● Suite › test` block per
 * failing test (message, diff, code frame, `at` line), kept whole. `● Test suite failed to run`
 * blocks are errors outside any test: kept, but not counted against the `Tests:` tally. The
 * closing "Summary of all failing tests" repeats blocks already delivered, so it is skipped. The
 * last line stays when it names the filter that chose the tests (`-t`, a path pattern).
 */
import { stripAnsi } from "../../base/lines.ts";
import { isToolFrame } from "../shared/frames.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank, withoutRepeatedFrames } from "./reading.ts";

const TESTS_TALLY = /^Tests:\s+.*\d+ total$/;
const SUITES_TALLY = /^Test Suites:\s+.*\d+ total$/;
const FILE_VERDICT = /^\s?(PASS|FAIL)\s+\S/;
/** The closing line when a filter chose what ran (`Ran all test suites with tests matching "empty".`): why the rest was skipped. */
const FILTER_ECHO = /^Ran all test suites (?:with tests )?(?:matching|related to)\b/;
const BLOCK_HEADER = /^ {2}● (.+)$/;
const SUITE_ERROR = /^Test suite failed to run$/;
const BLOCK_END = /^(?:\s?(?:PASS|FAIL)\s+\S|Test Suites:|Tests:|Summary of all failing tests| {2}● | {2}console\.\w+$)/;
/** `--verbose`'s (or a single file's) line for a failing test under its file: `  ✕ test compare (12014 ms)`. */
const FAILED_TEST = /^\s+[✕×] \S/;
/** A run of this few test files keeps each file's `PASS` line beside its `FAIL`s: which files ran is part of the answer. */
const MAX_FILES_LISTED = 10;

export function readJest(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TESTS_TALLY);
  if (tallyAt === -1) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  const suitesAt = lastMatch(lines.plain, SUITES_TALLY);
  if (suitesAt !== -1) pieces.push({ at: suitesAt, lines: [lines.raw[suitesAt]!] });
  const filterAt = lastMatch(lines.plain, FILTER_ECHO);
  if (filterAt > tallyAt) pieces.push({ at: filterAt, lines: [lines.raw[filterAt]!] });

  const summaryAt = lines.plain.findIndex((line) => line.startsWith("Summary of all failing tests"));
  const stop = summaryAt === -1 ? tallyAt : summaryAt;
  let found = 0;
  let suiteErrors = 0;
  const frames = new Set<string>();
  const files = lines.plain.slice(0, stop).filter((line) => FILE_VERDICT.test(line)).length;
  for (let i = 0; i < stop; i++) {
    const plain = lines.plain[i]!;
    const verdict = FILE_VERDICT.exec(plain)?.[1];
    if (verdict === "FAIL" || (verdict === "PASS" && files <= MAX_FILES_LISTED) || FAILED_TEST.test(plain))
      pieces.push({ at: i, lines: [lines.raw[i]!] });
    const title = BLOCK_HEADER.exec(plain)?.[1];
    if (title === undefined) continue;
    if (SUITE_ERROR.test(title)) suiteErrors++;
    else found++;
    let end = i + 1;
    while (end < stop && !BLOCK_END.test(lines.plain[end]!)) end++;
    const block = withoutRepeatedFrames(lines, i, end, frames).filter((line) => !isToolFrame(stripAnsi(line)));
    pieces.push({ at: i, lines: trimBlank(block) });
    i = end - 1;
  }
  return { pieces, failuresFound: found, failuresTallied: countIn(lines.plain[tallyAt]!, /(\d+) failed/), keepsErrors: suiteErrors > 0 };
}
