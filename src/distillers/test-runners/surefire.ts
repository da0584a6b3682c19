/**
 * Maven Surefire (`mvn test`, `mvn verify`): each module's `Results:` section, whose
 * `[ERROR] Failures:` and `[ERROR] Errors:` lists name every failing test with its line and
 * message (`  StringUtilTest.padding:34 » ArrayIndexOutOfBounds Index 21 out of bounds`), the
 * module's tally `Tests run: 1023, Failures: 0, Errors: 5, Skipped: 45` and the `BUILD` verdict.
 * Each failing test's own block above it (`… <<< ERROR!`, the exception, the frames into the
 * project) stays, and so does each failing class's line; the passing classes' `Tests run:` lines,
 * `Running …` and the plugin banners are the ceremony.
 */
import { traceLines } from "./java-frames.ts";
import { type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const LEVEL = String.raw`^\[(?:INFO|ERROR|WARNING|WARN)\] `;
/** A module's summary: the class lines carry `, Time elapsed` after the counts, this one does not. */
const TALLY = new RegExp(`${LEVEL}Tests run: (\\d+), Failures: (\\d+), Errors: (\\d+), Skipped: \\d+(?:, Flakes: \\d+)?$`);
const LIST_HEADING = new RegExp(`${LEVEL}(?:Failures|Errors|Flakes): ?$`);
const LIST_ENTRY = new RegExp(`${LEVEL} {2}\\S`);
/** A failing class's line: `Tests run: 155, Failures: 0, Errors: 1, … <<< FAILURE! -- in org.jsoup.nodes.ElementTest`. */
const FAILED_CLASS = new RegExp(`${LEVEL}Tests run: .*<<< (?:FAILURE|ERROR)!`);
/** A failing test's head: `[ERROR] org.jsoup.internal.StringUtilTest.padding -- Time elapsed: 0.001 s <<< ERROR!`. */
const TEST_HEAD = new RegExp(`${LEVEL}(\\S+?)(?:\\.[^.\\s]+)? +(?:--|Time elapsed:).*<<< (?:FAILURE|ERROR)!$`);
const BUILD_VERDICT = new RegExp(`${LEVEL}BUILD (?:SUCCESS|FAILURE)$`);
/** Where a failing test's block ends: the next line Maven prefixes, or a blank one. */
const BLOCK_END = /^\[(?:INFO|ERROR|WARNING|WARN)\]|^\s*$/;

export function readSurefire(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallies: number[] = [];
  plain.forEach((line, i) => {
    if (TALLY.test(line)) tallies.push(i);
  });
  if (tallies.length === 0) return null;
  const pieces: Piece[] = tallies.map((i) => ({ at: i, lines: [raw[i]!] }));
  let tallied = 0;
  for (const i of tallies) {
    const [, , failures, errors] = TALLY.exec(plain[i]!)!;
    tallied += Number(failures) + Number(errors);
  }
  let found = 0;
  const seen = new Set<string>();
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    if (BUILD_VERDICT.test(line) || FAILED_CLASS.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
    else if (LIST_HEADING.test(line)) {
      let end = i + 1;
      while (end < plain.length && LIST_ENTRY.test(plain[end]!)) end++;
      // A flaky test's list counts no failure; the other two count one per entry (`Run 1:` lines under one are its reruns).
      if (!/Flakes:/.test(line)) found += plain.slice(i + 1, end).filter((entry) => !/^\S+ {3,}Run \d+: /.test(entry)).length;
      pieces.push({ at: i, lines: raw.slice(i, end) });
      i = end - 1;
    } else {
      const head = TEST_HEAD.exec(line);
      if (!head) continue;
      let end = i + 1;
      while (end < plain.length && !BLOCK_END.test(plain[end]!)) end++;
      pieces.push({ at: i, lines: trimBlank([raw[i]!, ...traceLines(lines, i + 1, end, head[1]!, seen)]) });
      i = end - 1;
    }
  }
  return { pieces, failuresFound: found, failuresTallied: tallied };
}
