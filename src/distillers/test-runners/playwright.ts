/**
 * Playwright's list/line reporters: closing `N failed` (followed by the failed tests' titles),
 * `N flaky`, `N passed (Xs)` tallies, and one numbered `1) [project] › file:line › title` block
 * per failure with its error, code frame and location, kept whole. Older output puts the block
 * under the `✘ N [project] › …` status line instead; that layout is read too.
 */
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const PASSED = /^\s+\d+ passed(?: \(.+\))?$/;
const FAILED = /^\s+(\d+) failed$/;
const OTHER_TALLY = /^\s+\d+ (?:flaky|skipped|did not run|interrupted)$/;
const NUMBERED = /^ {2}\d+\) \S.* › /;
const STATUS = /^\s+[✓✘✗·×-]\s+\d+ /;
const FAILED_STATUS = /^\s+[✘✗×]\s+\d+ /;

export function readPlaywright(lines: RunLines): RunReading | null {
  const passedAt = lastMatch(lines.plain, PASSED);
  const failedAt = lastMatch(lines.plain, FAILED);
  const tallyStart = Math.min(...[passedAt, failedAt].filter((i) => i !== -1));
  if (!Number.isFinite(tallyStart) || !lines.plain.some((line) => /›/.test(line))) return null;
  const pieces: Piece[] = [];
  for (let i = tallyStart; i < lines.plain.length; i++) {
    const line = lines.plain[i]!;
    if (PASSED.test(line) || FAILED.test(line) || OTHER_TALLY.test(line) || /^\s{4}\S.*›/.test(line))
      pieces.push({ at: i, lines: [lines.raw[i]!] });
  }
  const numbered = lines.plain.some((line, i) => i < tallyStart && NUMBERED.test(line));
  const opens = numbered ? NUMBERED : FAILED_STATUS;
  const closes = numbered ? NUMBERED : STATUS;
  let found = 0;
  for (let i = 0; i < tallyStart; i++) {
    if (!opens.test(lines.plain[i]!)) continue;
    found++;
    let end = i + 1;
    while (end < tallyStart && !closes.test(lines.plain[end]!)) end++;
    pieces.push({ at: i, lines: trimBlank(lines.raw.slice(i, end)) });
    i = end - 1;
  }
  const failuresTallied = failedAt === -1 ? 0 : countIn(lines.plain[failedAt]!, FAILED);
  return { pieces, failuresFound: found, failuresTallied };
}
