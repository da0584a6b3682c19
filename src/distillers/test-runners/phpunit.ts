/**
 * PHPUnit: `Tests: N, Assertions: A, Failures: F.` (or `OK (N tests, A assertions)`), and per
 * problem a numbered block under "There were N failures:" / "There was 1 error:" with the
 * message, the diff and the file:line, kept whole.
 */
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^(?:Tests: \d+, Assertions: \d+.*\.|OK \(\d+ tests?, \d+ assertions?\))$/;
const VERDICT = /^(?:FAILURES!|ERRORS!|OK, but .*)$/;
const SECTION = /^There (?:was 1|were \d+) (?:failures?|errors?|warnings?|risky tests?):$/;
const BLOCK_HEADER = /^\d+\) \S/;

export function readPhpunit(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TALLY);
  if (tallyAt === -1) return null;
  const tally = lines.plain[tallyAt]!;
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  const verdictAt = lastMatch(lines.plain, VERDICT);
  if (verdictAt !== -1) pieces.push({ at: verdictAt, lines: [lines.raw[verdictAt]!] });
  let found = 0;
  let counted = false;
  for (let i = 0; i < tallyAt; i++) {
    const line = lines.plain[i]!;
    if (SECTION.test(line)) {
      counted = /failure|error/.test(line);
      pieces.push({ at: i, lines: [lines.raw[i]!] });
      continue;
    }
    if (!BLOCK_HEADER.test(line)) continue;
    if (counted) found++;
    let end = i + 1;
    while (end < tallyAt && !BLOCK_HEADER.test(lines.plain[end]!) && !SECTION.test(lines.plain[end]!) && !VERDICT.test(lines.plain[end]!))
      end++;
    pieces.push({ at: i, lines: trimBlank(lines.raw.slice(i, end)) });
    i = end - 1;
  }
  return { pieces, failuresFound: found, failuresTallied: countIn(tally, /Failures: (\d+)/) + countIn(tally, /Errors: (\d+)/) };
}
