/**
 * RSpec: `N examples, F failures` tally, a "Failures:" section of numbered blocks (description,
 * Failure/Error line, expectation, backtrace lines) kept whole, and the "Failed examples:" list of
 * rerun commands, and `Randomized with seed N` (the order to rerun a failure in). The progress
 * dots and timing line are the ceremony.
 */
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^\d+ examples?, (\d+) failures?\b/;
const BLOCK_HEADER = /^ {2}\d+\) \S/;
const SECTION_END = /^(?:Finished in |Failed examples:|Pending:|Randomized with seed )/;
/** hspec prints a failure's location on the line above its numbered header (`  test/FooSpec.hs:21:51: `). */
const LOCATION_ABOVE = /^\s+\S+:\d+:\d+:\s*$/;

export function readRspec(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TALLY);
  if (tallyAt === -1) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  lines.plain.forEach((line, i) => {
    if (i > tallyAt && (line === "Failed examples:" || /^rspec \S+(?::\d+|\[[\d:]+\]) # /.test(line)))
      pieces.push({ at: i, lines: [lines.raw[i]!] });
    else if (/^Randomized with seed \d+$/.test(line) && !pieces.some((piece) => piece.lines[0] === lines.raw[i]))
      pieces.push({ at: i, lines: [lines.raw[i]!] });
  });
  const failuresAt = lines.plain.indexOf("Failures:");
  let found = 0;
  for (let i = failuresAt + 1; failuresAt !== -1 && i < tallyAt; i++) {
    if (SECTION_END.test(lines.plain[i]!)) break;
    if (!BLOCK_HEADER.test(lines.plain[i]!)) continue;
    found++;
    let end = i + 1;
    while (end < tallyAt && !BLOCK_HEADER.test(lines.plain[end]!) && !SECTION_END.test(lines.plain[end]!)) end++;
    if (end < tallyAt && BLOCK_HEADER.test(lines.plain[end]!) && LOCATION_ABOVE.test(lines.plain[end - 1]!)) end--;
    const from = LOCATION_ABOVE.test(lines.plain[i - 1]!) ? i - 1 : i;
    pieces.push({ at: from, lines: trimBlank(lines.raw.slice(from, end)) });
    i = end - 1;
  }
  return { pieces, failuresFound: found, failuresTallied: countIn(lines.plain[tallyAt]!, TALLY) };
}
