/**
 * Jasmine's default reporter: `N specs, F failures` (`, P pending specs`) closes the run, after
 * `Finished in X seconds` and the seed line; under `Failures:` each failing spec is a numbered
 * block (`1) Suite spec`, `Message:`, `Stack:`). A block keeps its message and its project frames;
 * Jasmine's own frames (`at <Jasmine>`) and the runtime's go, and a message or stack an earlier
 * block printed whole points back to it. The blocks must add up to the failure count. What the
 * project's own helpers printed before `Started` (a report of its spec sections) is the answer of
 * a passing run and stays then; a failing run's answer is its failures.
 */
import { isRuntimeFrame } from "../shared/frames.ts";
import { foldRepeatedPieces } from "../shared/repeats.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^\d+ specs?, (\d+) failures?(?:, \d+ pending specs?)?$/;
const CLOSING = /^(?:Finished in \S+ seconds?|Randomized with seed \d+.*|Incomplete: .*)$/;
const BLOCK_HEADER = /^(\d+)\) \S/;
const SECTION_END = /^(?:Pending:|\d+ specs?, )/;
const JASMINE_FRAME = /^\s*at <Jasmine>$/;

export function readJasmine(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallyAt = lastMatch(plain, TALLY);
  if (tallyAt === -1) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [raw[tallyAt]!] }];
  plain.forEach((line, i) => {
    if (i > tallyAt - 3 && i !== tallyAt && CLOSING.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
  });
  const tallied = countIn(plain[tallyAt]!, TALLY);
  const startedAt = plain.lastIndexOf("Started", tallyAt);
  if (tallied === 0 && startedAt > 0) pieces.push({ at: 0, lines: trimBlank(raw.slice(0, startedAt)) });
  const failuresAt = plain.lastIndexOf("Failures:", tallyAt);
  const blocks: Piece[] = [];
  for (let i = failuresAt + 1; failuresAt !== -1 && i < tallyAt; i++) {
    if (SECTION_END.test(plain[i]!)) break;
    if (!BLOCK_HEADER.test(plain[i]!)) continue;
    let end = i + 1;
    while (end < tallyAt && !BLOCK_HEADER.test(plain[end]!) && !SECTION_END.test(plain[end]!)) end++;
    const body = raw.slice(i, end).filter((_, k) => !JASMINE_FRAME.test(plain[i + k]!) && !isRuntimeFrame(plain[i + k]!));
    blocks.push({ at: i, lines: trimBlank(body) });
    i = end - 1;
  }
  if (failuresAt !== -1) pieces.push({ at: failuresAt, lines: [raw[failuresAt]!] });
  pieces.push(...foldRepeatedPieces(blocks, (at) => `${BLOCK_HEADER.exec(plain[at]!)![1]})`));
  return { pieces, failuresFound: blocks.length, failuresTallied: tallied };
}
