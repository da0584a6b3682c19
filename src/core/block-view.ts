/**
 * Part of an archived block, for `omni retrieve --lines` and `--grep`: a big block can be read a
 * window at a time instead of all at once. Line numbers count from 1, as a reader counts them.
 */
import { splitInclusive, stripTerminator } from "../base/lines.ts";

export interface LineRange {
  from: number;
  to: number;
}

/** `a-b`, `a-` (to the end), `a` (one line); null when it is not a range of positive numbers. */
export function parseLineRange(text: string): LineRange | null {
  const match = /^\s*(\d+)\s*(?:(-)\s*(\d*))?\s*$/.exec(text);
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : match[3] === "" ? Number.POSITIVE_INFINITY : Number(match[3]);
  if (from < 1 || to < from) return null;
  return { from, to };
}

/** Lines `from`..`to` exactly as archived (terminators kept), and how many the block has. */
export function sliceLines(text: string, range: LineRange): { text: string; total: number; first: number; last: number } {
  const lines = splitInclusive(text);
  const first = Math.min(range.from, lines.length + 1);
  const last = Math.min(range.to, lines.length);
  return { text: lines.slice(first - 1, last).join(""), total: lines.length, first, last };
}

/** Lines matching `pattern`, each as `N:line` (grep -n), and the match count. */
export function grepLines(text: string, pattern: RegExp): { text: string; matches: number } {
  const out: string[] = [];
  const lines = splitInclusive(text);
  for (let i = 0; i < lines.length; i++) {
    const line = stripTerminator(lines[i]!);
    pattern.lastIndex = 0;
    if (pattern.test(line)) out.push(`${i + 1}:${line}\n`);
  }
  return { text: out.join(""), matches: out.length };
}
