/**
 * Tcl's tcltest (a project's `tclsh all.tcl`, Tcl's and Tk's `make test`, tcllib's `sak.tcl test
 * run`): per failing test a `==== name description FAILED` heading, the test's body under
 * `==== Contents of test case:`, then `---- Result was:` and `---- Result should have been
 * (exact matching):` with their values (or `---- Test generated error` with its errorInfo), and
 * `==== name FAILED` closing it; the tally is `all.tcl:	Total	623	Passed	471	Skipped	136	Failed	16`,
 * then `Files with failing tests:` and the count of tests skipped per constraint. Kept: each
 * heading and closing line, the `----` lines and the values under them (the body is the test
 * file's own source, and goes), the tally and the summary. The closing lines must add up to the
 * tally's failures; a test's output may print the closing line away from its heading, so they
 * are counted, not the headings.
 */
import { carriesFailure } from "../../base/failure.ts";
import { allMatches, type Piece, type RunLines, type RunReading } from "./reading.ts";

const TALLY = /^(\S+):\s+Total\s+\d+\s+Passed\s+\d+\s+Skipped\s+\d+\s+Failed\s+(\d+)$/;
/** A failing test's heading, its description wrapped onto the lines under it until one ends `FAILED`. */
const HEADING = /^==== \S+ \S/;
const MAX_HEADING_LINES = 4;
const CLOSING = /^==== (\S+) FAILED$/;
const CONTENTS = /^==== Contents of test case:$/;
const SECTION = /^---- \S/;
/** Any line of tcltest's own (`==== …`, `---- …`): where a heading or a value ends. */
const OWN_LINE = /^(?:====|----) /;
const SUMMARY = /^(?:Files with failing tests: |Sourced \d+ Test Files?\.$|Number of tests skipped for each constraint:$|\t\d+\t\S+$)/;
/** Lines of one value kept, at most: a dumped widget tree says what it is in its first lines. */
const MAX_VALUE_LINES = 20;

export function readTcltest(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallies = allMatches(plain, TALLY).map((i) => TALLY.exec(plain[i]!)!);
  if (tallies.length === 0) return null;
  // all.tcl sums the test files' own tallies when they ran in child processes: count its lines alone then.
  const driver = tallies.filter(([, file]) => file === "all.tcl");
  const failuresTallied = (driver.length > 0 ? driver : tallies).reduce((sum, [, , failures]) => sum + Number(failures), 0);
  const pieces: Piece[] = [];
  const failed = new Set<string>();
  let inValue = false;
  let valueLines = 0;
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    const closing = CLOSING.exec(line);
    if (closing) failed.add(closing[1]!);
    if (!closing && !CONTENTS.test(line) && HEADING.test(line)) {
      let end = i;
      while (end - i < MAX_HEADING_LINES && !plain[end]!.endsWith(" FAILED") && end + 1 < plain.length && !OWN_LINE.test(plain[end + 1]!))
        end++;
      for (let k = i; k <= end; k++) pieces.push({ at: k, lines: [raw[k]!] });
      inValue = false;
      i = end;
    } else if (closing || TALLY.test(line) || SUMMARY.test(line)) {
      pieces.push({ at: i, lines: [raw[i]!] });
      inValue = false;
    } else if (SECTION.test(line)) {
      pieces.push({ at: i, lines: [raw[i]!] });
      inValue = true;
      valueLines = 0;
    } else if (line.startsWith("==== ")) inValue = false;
    else if (inValue) {
      valueLines++;
      if (valueLines <= MAX_VALUE_LINES) pieces.push({ at: i, lines: [raw[i]!] });
      else if (valueLines === MAX_VALUE_LINES + 1) {
        let end = i;
        while (end < plain.length && !OWN_LINE.test(plain[end]!)) end++;
        pieces.push({ at: i, lines: [`[${end - i} more lines of its output]`] });
      }
    } else if (carriesFailure(line)) pieces.push({ at: i, lines: [raw[i]!] });
  }
  return { pieces, failuresFound: failed.size, failuresTallied };
}
