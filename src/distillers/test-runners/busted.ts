/**
 * Lua's busted, default (utfTerminal/plain) output: a line of `+`/`-` progress, then the tally
 * `N successes / F failures / E errors / P pending : T seconds`, then one block per failing or
 * erroring test (`Failure -> spec/x_spec.lua @ 5`, the test's name, `spec/x_spec.lua:7: message`,
 * `Passed in:` and `Expected:` values). A value under `Expected:` that repeats the passed-in
 * value's lines at the same place keeps only the lines that differ, and a pointer for the rest.
 * The blocks must add up to failures + errors.
 */
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^\d+ successes? \/ (\d+) failures? \/ (\d+) errors? \/ \d+ pending : [\d.]+ seconds$/;
const BLOCK_HEADER = /^(?:Failure|Error) -> \S+ @ \d+$/;
const OTHER_HEADER = /^Pending -> \S+ @ \d+$/;
/** Fewer shared lines than this read better whole. */
const MIN_SHARED_LINES = 2;

export function readBusted(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallyAt = lastMatch(plain, TALLY);
  if (tallyAt === -1) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [raw[tallyAt]!] }];
  let found = 0;
  for (let i = tallyAt + 1; i < plain.length; i++) {
    if (!BLOCK_HEADER.test(plain[i]!)) continue;
    found++;
    let end = i + 1;
    while (end < plain.length && !BLOCK_HEADER.test(plain[end]!) && !OTHER_HEADER.test(plain[end]!)) end++;
    pieces.push({ at: i, lines: trimBlank(withoutSharedExpected(raw.slice(i, end), plain.slice(i, end))) });
    i = end - 1;
  }
  const tally = plain[tallyAt]!;
  return { pieces, failuresFound: found, failuresTallied: countIn(tally, TALLY) + countIn(tally, /\/ (\d+) errors? \//) };
}

/**
 * The block with the `Expected:` value's lines that equal the `Passed in:` value's line at the
 * same offset (past the first) folded into `[N lines as in Passed in]`.
 */
function withoutSharedExpected(raw: string[], plain: string[]): string[] {
  const passedAt = plain.indexOf("Passed in:");
  const expectedAt = plain.indexOf("Expected:", passedAt + 1);
  if (passedAt === -1 || expectedAt === -1) return raw;
  const passed = plain.slice(passedAt + 1, expectedAt);
  const out = raw.slice(0, expectedAt + 1);
  let shared = 0;
  const flush = () => {
    if (shared >= MIN_SHARED_LINES) out.push(`[${shared} lines as in Passed in]`);
    else out.push(...raw.slice(expectedAt + 1 + k - shared, expectedAt + 1 + k));
    shared = 0;
  };
  let k = 0;
  for (; expectedAt + 1 + k < raw.length; k++) {
    const line = plain[expectedAt + 1 + k]!;
    if (k > 0 && line.trim() !== "" && line === passed[k]) {
      shared++;
      continue;
    }
    flush();
    out.push(raw[expectedAt + 1 + k]!);
  }
  flush();
  return out;
}
