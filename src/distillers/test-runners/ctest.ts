/**
 * CTest: `N% tests passed, F tests failed out of T` is the tally and `The following tests FAILED:`
 * lists each failing test. A failing test keeps its status line (`***Failed`, `***Exception`,
 * `***Timeout`, `Not Run`) and, under `--output-on-failure`, the output printed right after it
 * (a long one through the shape miner: the test program's own passing lines fold into counted
 * markers, every line that fails, warns or tallies stays);
 * the `Start`/`Passed` lines of the rest are the ceremony. The list must name as many tests as
 * the tally counts.
 */
import { foldShapes } from "../generic/shapes.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^\d+% tests passed, (\d+) tests? failed out of \d+$/;
const LISTED =
  /^\s+\d+ - \S+ \((?:Failed|Not Run|Timeout|SEGFAULT|Subprocess aborted|Child aborted|Exception|ILLEGAL|BUS|OTHER_FAULT|\w+)\)/;
const STATUS = /^\s*\d+\/\d+ Test +#\d+: \S+ .*(?:\*\*\*\w+|Not Run)/;
const PROGRESS = /^\s*(?:Start +\d+: |\d+\/\d+ Test +#\d+: )/;
const FOOTER = /^(?:Total Test time|Errors while running CTest|Output from these tests are in: |Use "--rerun-failed)/;

export function readCtest(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallyAt = lastMatch(plain, TALLY);
  if (tallyAt === -1) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [raw[tallyAt]!] }];
  const listAt = plain.indexOf("The following tests FAILED:");
  let listed = 0;
  if (listAt !== -1) {
    let end = listAt + 1;
    while (end < plain.length && LISTED.test(plain[end]!)) end++;
    listed = end - listAt - 1;
    pieces.push({ at: listAt, lines: raw.slice(listAt, end) });
  }
  plain.forEach((line, i) => {
    if (i >= tallyAt) {
      if (FOOTER.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
      return;
    }
    if (STATUS.test(line)) {
      let end = i + 1;
      while (end < tallyAt && !PROGRESS.test(plain[end]!)) end++;
      pieces.push({ at: i, lines: [raw[i]!, ...capturedOutput(trimBlank(raw.slice(i + 1, end)))] });
    }
  });
  return { pieces, failuresFound: listed, failuresTallied: countIn(plain[tallyAt]!, TALLY) };
}

/** A test program's output shorter than this is read whole. */
const MIN_FOLDED_OUTPUT_LINES = 40;

function capturedOutput(body: string[]): string[] {
  if (body.length < MIN_FOLDED_OUTPUT_LINES) return body;
  return foldShapes(body)?.text.split("\n") ?? body;
}
