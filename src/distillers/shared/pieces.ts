/**
 * Output lines as pieces: verbatim runs of the tool's own lines, each anchored at the line it
 * came from. Distillers that only select (test, build) assemble their answer from pieces, so
 * every line they deliver is one the tool printed.
 */
import { carriesFailure } from "../../base/failure.ts";
import { splitLines, stripAnsi } from "../../base/lines.ts";

export interface ToolLines {
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

export function toToolLines(text: string): ToolLines {
  const raw = splitLines(text);
  return { raw, plain: raw.map(stripAnsi) };
}

/** Drop blank lines at both ends of a block; blank lines inside stay (they separate a diff). */
export function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && stripAnsi(lines[start]!).trim() === "") start++;
  while (end > start && stripAnsi(lines[end - 1]!).trim() === "") end--;
  return lines.slice(start, end);
}

/** At most this many indented lines follow a failure line that ends in a colon as its list. */
const MAX_LIST_LINES = 20;

/** `Failed checks were:` names its failures on the indented lines after it: how many of those follow line i. */
function listAfter(plain: string[], i: number): number {
  if (!plain[i]!.trimEnd().endsWith(":")) return 0;
  let n = 0;
  while (n < MAX_LIST_LINES && /^\s+\S/.test(plain[i + 1 + n] ?? "")) n++;
  return n;
}

/**
 * The pieces in the order the tool printed them, plus any other line that states a failure
 * (a stray error the reader did not claim), so no failure is dropped quietly. A multi-line
 * block is set off by a blank line.
 */
export function renderPieces(lines: ToolLines, given: Piece[]): string {
  const pieces = [...given];
  const anchored = new Set(pieces.map((piece) => piece.at));
  let plainOut = stripAnsi(pieces.flatMap((piece) => piece.lines).join("\n"));
  lines.plain.forEach((line, i) => {
    const trimmed = line.trim();
    if (anchored.has(i) || trimmed === "" || !carriesFailure(trimmed) || plainOut.includes(trimmed)) return;
    const list = listAfter(lines.plain, i);
    pieces.push({ at: i, lines: lines.raw.slice(i, i + 1 + list) });
    plainOut += `\n${lines.plain.slice(i, i + 1 + list).join("\n")}`;
  });
  const byStart = new Map<number, Piece>();
  for (const piece of pieces) if (!byStart.has(piece.at)) byStart.set(piece.at, piece);
  const out: string[] = [];
  for (const piece of [...byStart.values()].sort((a, b) => a.at - b.at)) {
    if (piece.lines.length > 1 && out.length > 0 && out.at(-1) !== "") out.push("");
    out.push(...piece.lines);
    if (piece.lines.length > 1) out.push("");
  }
  if (out.at(-1) === "") out.pop();
  return out.join("\n") + "\n";
}
