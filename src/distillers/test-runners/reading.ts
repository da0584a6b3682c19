/**
 * What a test-runner parser reports: the pieces of the run worth reading, each anchored at the
 * line it came from, plus two counts that must agree: the failures it found and the failures the
 * runner itself tallied. The test distiller renders a reading; it never invents a line.
 */
import type { Piece, ToolLines } from "../shared/pieces.ts";

export { trimBlank, type Piece } from "../shared/pieces.ts";
export type RunLines = ToolLines;

export interface RunReading {
  /** Failure blocks, errors outside tests, and the tally lines, each verbatim. */
  pieces: Piece[];
  /** Failing tests the parser found blocks or verdict lines for. */
  failuresFound: number;
  /** Failing tests according to the runner's own tally. */
  failuresTallied: number;
  /** The reading kept errors outside any test (collection errors, crashed suites). */
  keepsErrors?: boolean;
}

export type RunnerParser = (lines: RunLines) => RunReading | null;

/** Index of the last line matching, or -1. Tallies sit at the end, so search from there. */
export function lastMatch(plain: string[], pattern: RegExp): number {
  for (let i = plain.length - 1; i >= 0; i--) if (pattern.test(plain[i]!)) return i;
  return -1;
}

export function allMatches(plain: string[], pattern: RegExp): number[] {
  const out: number[] = [];
  plain.forEach((line, i) => {
    if (pattern.test(line)) out.push(i);
  });
  return out;
}

/** First number captured by `pattern` in `line`, or 0 when the runner did not print that count. */
export function countIn(line: string, pattern: RegExp): number {
  const match = pattern.exec(line);
  return match ? Number(match[1]) : 0;
}

/** A source-excerpt line under a failure: `  94|   code`, `> 64 |   code`, `     |   ^`. */
const CODE_FRAME = /^\s*(?:>\s*)?(?:\d+\s*)?\|/;

/**
 * A loop of generated tests fails at one spot, and the runner prints that spot's source excerpt
 * under every failure. An excerpt identical to one already delivered is dropped; the block keeps
 * its own message and its `file:line:col` location, which names the excerpt above.
 */
export function withoutRepeatedFrames(lines: RunLines, from: number, to: number, seen: Set<string>): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) {
    if (!CODE_FRAME.test(lines.plain[i]!)) {
      out.push(lines.raw[i]!);
      continue;
    }
    let end = i;
    while (end < to && CODE_FRAME.test(lines.plain[end]!)) end++;
    const frame = lines.plain.slice(i, end).join("\n");
    if (!seen.has(frame)) out.push(...lines.raw.slice(i, end));
    seen.add(frame);
    i = end - 1;
  }
  return out;
}
