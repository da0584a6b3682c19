/**
 * CTest: `N% tests passed, F tests failed out of T` is the tally and `The following tests FAILED:`
 * lists each failing test. A failing test keeps its status line (`***Failed`, `***Exception`,
 * `***Timeout`, `Not Run`) and, under `--output-on-failure`, the output printed right after it
 * (a long one through the shape miner: the test program's own passing lines fold into counted
 * markers, every line that fails, warns or tallies stays);
 * the `Start`/`Passed` lines of the rest are the ceremony. The list must name as many tests as
 * the tally counts.
 */
import { carriesSignal, foldShapes } from "../generic/shapes.ts";
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
      while (end < tallyAt && !PROGRESS.test(plain[end]!) && !VERBOSE_START.test(plain[end]!)) end++;
      const before = verboseOutput(lines, i);
      const after = capturedOutput(trimBlank(raw.slice(i + 1, end)));
      // One piece per line kept: a piece's lines are read as consecutive from its start.
      pieces.push(...verboseLines(lines, before).map((k) => ({ at: k, lines: [raw[k]!] })), { at: i, lines: [raw[i]!, ...after] });
    }
  });
  return { pieces, failuresFound: listed, failuresTallied: countIn(plain[tallyAt]!, TALLY) };
}

/** `ctest -V` starts each test with `test N`; the test's own lines carry its number (`3: not ok 28 - …`). */
const VERBOSE_START = /^test \d+$/;

/**
 * Under `ctest -V` a test's output comes before its status line, each line prefixed with its
 * number: those lines, back to where the test started (its command and working directory left out).
 * Without -V, the lines between the test's `Start N:` and its status are ctest's own word on it.
 */
function verboseOutput(lines: RunLines, statusAt: number): number[] {
  const number = /Test +#(\d+):/.exec(lines.plain[statusAt]!)?.[1];
  const prefix = `${number}: `;
  const found: number[] = [];
  for (let k = statusAt - 1; k >= 0; k--) {
    const line = lines.plain[k]!;
    if (line.startsWith(prefix)) {
      if (!/^\d+: (?:Test command|Working Directory|Test timeout computed to be|Environment variables):/.test(line)) found.unshift(k);
    } else if (line.trim() !== "" && !/^\s+\S/.test(line)) break;
  }
  if (found.length > 0) return found;
  // Without -V, what ctest itself says about the test (`Could not find executable …`) sits between its `Start N:` and its status.
  for (let k = statusAt - 1; k >= 0 && !PROGRESS.test(lines.plain[k]!) && !VERBOSE_START.test(lines.plain[k]!); k--) found.unshift(k);
  const start = found[0] === undefined ? -1 : found[0] - 1;
  return start >= 0 && new RegExp(`^\\s*Start +${number}: `).test(lines.plain[start]!)
    ? found.filter((k) => lines.plain[k]!.trim() !== "")
    : [];
}

/**
 * A test's -V output, whole when short; a long one keeps the lines that state a failure, a warning
 * or a tally (`3: not ok 28 - …`, `3: #   got -0.0000 but expected 1.1`) and its last lines, where
 * a test program sums up (`3: # Looks like you failed 1 test of 65 run.`).
 */
function verboseLines(lines: RunLines, at: number[]): number[] {
  if (at.length < MIN_FOLDED_OUTPUT_LINES) return at;
  const last = new Set(at.slice(-VERBOSE_LAST_LINES));
  return at.filter((k) => last.has(k) || carriesSignal(lines.plain[k]!.replace(/^\d+: /, "")));
}

/** The last lines of a long -V output that always stay. */
const VERBOSE_LAST_LINES = 3;

/** A test program's output shorter than this is read whole. */
const MIN_FOLDED_OUTPUT_LINES = 40;

function capturedOutput(body: string[]): string[] {
  if (body.length < MIN_FOLDED_OUTPUT_LINES) return body;
  return foldShapes(body)?.text.split("\n") ?? body;
}
