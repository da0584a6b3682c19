/**
 * `bun test`: ` N pass` / ` N fail` / `Ran N tests across M files.` tallies, and per failing test
 * an error block (code frame, `error:` message, diff, `at` line) printed just before its
 * `(fail) name` line. Each failure is delivered as the block followed by its verdict line.
 */
import { readTree } from "./vitest.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const RAN = /^Ran \d+ tests? across \d+ files?\./;
const PASS_TALLY = /^\s*\d+ pass$/;
const FAIL_TALLY = /^\s*(\d+) fail$/;
const FAIL_LINE = /^\(fail\) /;
/** A line that ends the previous test's output: a verdict line or a file header. */
const BOUNDARY = /^(?:\((?:pass|fail|skip|todo)\) |\S.*\.(?:test|spec|_test|_spec)\.[cm]?[jt]sx?:$|bun test v)/;

export function readBunTest(lines: RunLines): RunReading | null {
  const ranAt = lastMatch(lines.plain, RAN);
  const failAt = lastMatch(lines.plain, FAIL_TALLY);
  if (ranAt === -1 || failAt === -1) return null;
  const pieces: Piece[] = [failAt, lastMatch(lines.plain, PASS_TALLY), ranAt]
    .filter((i) => i !== -1)
    .map((i) => ({ at: i, lines: [lines.raw[i]!] }));
  let found = 0;
  let blockStart = 0;
  // Bun closes with "N tests failed:" and the `(fail)` lines again; the blocks above already hold them.
  const recapAt = lines.plain.findIndex((line) => /^\d+ tests? failed:$/.test(line));
  const stop = recapAt === -1 ? failAt : recapAt;
  for (let i = 0; i < stop; i++) {
    const plain = lines.plain[i]!;
    if (FAIL_LINE.test(plain)) {
      found++;
      pieces.push({ at: i, lines: [...trimBlank(lines.raw.slice(blockStart, i)), lines.raw[i]!] });
    }
    if (BOUNDARY.test(plain)) blockStart = i + 1;
  }
  // Bun before 1.1 printed a vitest-like tree (`✗ test` with `→ message` below).
  if (found === 0) found = readTree(lines, failAt, pieces);
  return { pieces, failuresFound: found, failuresTallied: countIn(lines.plain[failAt]!, FAIL_TALLY) };
}
