/**
 * PHPUnit: `Tests: N, Assertions: A, Failures: F.` (or `OK (N tests, A assertions)`), and per
 * problem a numbered block under "There were N failures:" / "There was 1 error:" with the
 * message, the diff and the file:line, kept whole; within a section, a message or a stack an
 * earlier block printed whole points back to it. Under `--testdox`, the summary of tests that did
 * not pass (failed, warned, deprecated) is kept whole, up to a cap.
 */
import { foldRepeatedPieces } from "../shared/repeats.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^(?:Tests: \d+, Assertions: \d+.*\.|OK \(\d+ tests?, \d+ assertions?\))$/;
const VERDICT = /^(?:FAILURES!|ERRORS!|WARNINGS!|DEPRECATIONS!|NOTICES!|RISKY!|INCOMPLETE!|OK, but .*)$/;
/** `--testdox` (PHPUnit 10): each test that did not pass, under this heading, as `✘`/`⚠` with its message. */
const TESTDOX_SUMMARY = /^Summary of non-successful tests:$/;
const TESTDOX_FAILED = /^\s*✘ /;
/** A test's line in the summary: `✘` failed or errored, `⚠` warned or risky, `∅` incomplete, `↩` skipped. */
const TESTDOX_TEST = /^\s*[✘⚠∅↩] /;
/** A class's heading in the summary: `Uri Resolver (GuzzleHttp\Tests\Psr7\UriResolver)`. */
const TESTDOX_CLASS = /^\S.*\)$/;
const SECTION = /^There (?:was 1|were \d+) (?:failures?|errors?|warnings?|risky tests?):$/;
const BLOCK_HEADER = /^\d+\) \S/;
const CONFIG_WARNING = /^\s+Warning - The configuration file did not pass validation!$/;
/** PHPUnit 9's header warnings (`Warning:       Your XML configuration validates against a deprecated schema.`) and the advice under one. */
const HEADER_WARNING = /^(?:Warning|Suggestion):\s{2,}\S/;

export function readPhpunit(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TALLY);
  if (tallyAt === -1) return null;
  const tally = lines.plain[tallyAt]!;
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  // PHPUnit's warning about its own configuration (`Warning - The configuration file did not pass validation!`) says why results may be off.
  const warningAt = lines.plain.findIndex((line, i) => i < tallyAt && CONFIG_WARNING.test(line));
  if (warningAt !== -1) {
    let end = warningAt + 1;
    while (
      end < tallyAt &&
      !/^\s*Test results may not be as expected\.$/.test(lines.plain[end - 1]!) &&
      /^\s+\S|^$/.test(lines.plain[end]!)
    )
      end++;
    pieces.push({ at: warningAt, lines: trimBlank(lines.raw.slice(warningAt, end)) });
  }
  lines.plain.forEach((line, i) => {
    if (i < tallyAt && HEADER_WARNING.test(line)) pieces.push({ at: i, lines: [lines.raw[i]!] });
  });
  const verdictAt = lastMatch(lines.plain, VERDICT);
  if (verdictAt !== -1) pieces.push({ at: verdictAt, lines: [lines.raw[verdictAt]!] });
  let found = 0;
  let counted = false;
  const sections: Piece[][] = [[]];
  for (let i = 0; i < tallyAt; i++) {
    const line = lines.plain[i]!;
    if (SECTION.test(line)) {
      counted = /failure|error/.test(line);
      pieces.push({ at: i, lines: [lines.raw[i]!] });
      sections.push([]);
      continue;
    }
    if (!BLOCK_HEADER.test(line)) continue;
    if (counted) found++;
    let end = i + 1;
    while (end < tallyAt && !BLOCK_HEADER.test(lines.plain[end]!) && !SECTION.test(lines.plain[end]!) && !VERDICT.test(lines.plain[end]!))
      end++;
    sections.at(-1)!.push({ at: i, lines: trimBlank(lines.raw.slice(i, end)) });
    i = end - 1;
  }
  const summaryAt = lines.plain.findIndex((line, i) => i < tallyAt && TESTDOX_SUMMARY.test(line));
  if (summaryAt !== -1) {
    const summary = testdoxSummary(lines, summaryAt, verdictAt > summaryAt ? verdictAt : tallyAt);
    pieces.push(...summary.pieces);
    if (found === 0) found = summary.failed;
  }
  for (const blocks of sections) {
    pieces.push(...foldRepeatedPieces(blocks, (at) => /^\d+\)/.exec(lines.plain[at]!)![0]));
  }
  return { pieces, failuresFound: found, failuresTallied: countIn(tally, /Failures: (\d+)/) + countIn(tally, /Errors: (\d+)/) };
}

/**
 * The testdox summary, up to `end`: its heading, each class heading, and each test that did not
 * pass with the `│` block under it (message, diff, frames), a message or frames an earlier block
 * printed whole pointing back to it, as numbered blocks do. `failed`: the `✘` tests, which the
 * tally counts as failures and errors.
 */
function testdoxSummary(lines: RunLines, summaryAt: number, end: number): { pieces: Piece[]; failed: number } {
  const pieces: Piece[] = [{ at: summaryAt, lines: [lines.raw[summaryAt]!] }];
  const blocks: Piece[] = [];
  let failed = 0;
  for (let i = summaryAt + 1; i < end; i++) {
    const line = lines.plain[i]!;
    if (TESTDOX_CLASS.test(line)) pieces.push({ at: i, lines: [lines.raw[i]!] });
    if (!TESTDOX_TEST.test(line)) continue;
    if (TESTDOX_FAILED.test(line)) failed++;
    let stop = i + 1;
    while (stop < end && !TESTDOX_TEST.test(lines.plain[stop]!) && !TESTDOX_CLASS.test(lines.plain[stop]!)) stop++;
    blocks.push({ at: i, lines: trimBlank(lines.raw.slice(i, stop)) });
    i = stop - 1;
  }
  pieces.push(...foldRepeatedPieces(blocks, (at) => `"${lines.plain[at]!.replace(TESTDOX_TEST, "").trim()}"`));
  return { pieces, failed };
}
