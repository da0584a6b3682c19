/**
 * Minitest (`rake test`, `ruby -Itest test/x_test.rb`, Rails' `bin/rails test`): the tally
 * `113 runs, 214 assertions, 4 failures, 0 errors, 0 skips`, each numbered `Failure:` and `Error:`
 * block (the test's name and location, the expectation or the exception and its backtrace) kept
 * whole, the `Run options: --seed N` line (the order to rerun a failure in), and rake's verdict
 * after the tally (`rake aborted!` and the command that failed). The progress dots, `-v`'s line per
 * test and the timing line are the ceremony; a `Skipped:` block is neither failure nor answer.
 */
import { type Piece, type RunLines, type RunReading, lastMatch, trimBlank } from "./reading.ts";

const TALLY = /^(\d+) runs, \d+ assertions, (\d+) failures, (\d+) errors(?:, \d+ skips)?$/;
const BLOCK_HEADER = /^ {2}\d+\) (Failure|Error|Skipped):$/;
const SEED = /^Run options: .*--seed \d+/;
/** rake's own last word on a failed task, printed after the runner's tally. */
const RAKE_VERDICT = /^(?:rake aborted!|Command failed with status \(\d+\): )/;

export function readMinitest(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TALLY);
  if (tallyAt === -1) return null;
  const [, , failures, errors] = TALLY.exec(lines.plain[tallyAt]!)!;
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  const seedAt = lines.plain.findIndex((line) => SEED.test(line));
  if (seedAt !== -1 && seedAt < tallyAt) pieces.push({ at: seedAt, lines: [lines.raw[seedAt]!] });
  for (let i = tallyAt + 1; i < lines.plain.length; i++)
    if (RAKE_VERDICT.test(lines.plain[i]!)) pieces.push({ at: i, lines: [lines.raw[i]!] });
  let found = 0;
  for (let i = 0; i < tallyAt; i++) {
    const header = BLOCK_HEADER.exec(lines.plain[i]!);
    if (!header) continue;
    let end = i + 1;
    while (end < tallyAt && !BLOCK_HEADER.test(lines.plain[end]!)) end++;
    if (header[1] !== "Skipped") {
      found++;
      pieces.push({ at: i, lines: trimBlank(lines.raw.slice(i, end)) });
    }
    i = end - 1;
  }
  return { pieces, failuresFound: found, failuresTallied: Number(failures) + Number(errors) };
}
