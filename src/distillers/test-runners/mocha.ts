/**
 * Mocha's spec reporter: `N passing (Xms)`, `N failing`, `N pending`, then one numbered block per
 * failure (`1) suite … test:` with the error, diff and stack), kept whole minus runtime-internal
 * frames, and a message or stack an earlier block printed whole pointing back to it. The tree of
 * `✔` lines above is the ceremony.
 */
import { isRuntimeFrame } from "../shared/frames.ts";
import { foldRepeatedPieces } from "../shared/repeats.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const PASSING = /^\s+\d+ passing \(\S+\)$/;
const FAILING = /^\s+(\d+) failing$/;
const PENDING = /^\s+\d+ pending$/;
const BLOCK_HEADER = /^ {2}(\d+)\) \S/;

export function readMocha(lines: RunLines): RunReading | null {
  const passingAt = lastMatch(lines.plain, PASSING);
  if (passingAt === -1) return null;
  const pieces: Piece[] = [passingAt, lastMatch(lines.plain, FAILING), lastMatch(lines.plain, PENDING)]
    .filter((i) => i >= passingAt)
    .map((i) => ({ at: i, lines: [lines.raw[i]!] }));
  const failingAt = lastMatch(lines.plain, FAILING);
  const failuresTallied = failingAt > passingAt ? countIn(lines.plain[failingAt]!, FAILING) : 0;
  const blocks: Piece[] = [];
  for (let i = passingAt + 1; i < lines.plain.length; i++) {
    if (!BLOCK_HEADER.test(lines.plain[i]!)) continue;
    let end = i + 1;
    while (end < lines.plain.length && !BLOCK_HEADER.test(lines.plain[end]!)) end++;
    const body = lines.raw.slice(i, end).filter((_, k) => !isRuntimeFrame(lines.plain[i + k]!));
    blocks.push({ at: i, lines: trimBlank(body) });
    i = end - 1;
  }
  pieces.push(...foldRepeatedPieces(blocks, (at) => `${BLOCK_HEADER.exec(lines.plain[at]!)![1]})`));
  return { pieces, failuresFound: blocks.length, failuresTallied };
}
