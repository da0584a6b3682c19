/**
 * What a test-runner parser reports: the pieces of the run worth reading, each anchored at the
 * line it came from, plus two counts that must agree: the failures it found and the failures the
 * runner itself tallied. The test distiller renders a reading; it never invents a line.
 */
import { splitLines, stripAnsi } from "../../core/lines.ts";

export interface RunLines {
  /** Lines exactly as printed (ANSI colour kept: the reader may rely on it). */
  raw: string[];
  /** The same lines with ANSI sequences removed, for matching. */
  plain: string[];
}

export interface Piece {
  /** Index of the line this piece stands at; pieces are delivered in this order. */
  at: number;
  lines: string[];
}

export interface RunReading {
  runner: string;
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

export function toRunLines(text: string): RunLines {
  const raw = splitLines(text);
  return { raw, plain: raw.map(stripAnsi) };
}

/** A piece holding raw lines [from, to). */
export function span(lines: RunLines, from: number, to: number, at = from): Piece {
  return { at, lines: lines.raw.slice(from, to) };
}

export function single(lines: RunLines, index: number): Piece {
  return { at: index, lines: [lines.raw[index]!] };
}

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

/** Drop blank lines at both ends of a block; blank lines inside stay (they separate a diff). */
export function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && stripAnsi(lines[start]!).trim() === "") start++;
  while (end > start && stripAnsi(lines[end - 1]!).trim() === "") end--;
  return lines.slice(start, end);
}
