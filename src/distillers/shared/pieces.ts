/**
 * Output lines as pieces: verbatim runs of the tool's own lines, each anchored at the line it
 * came from. Distillers that only select (test, build) assemble their answer from pieces, so
 * every line they deliver is one the tool printed.
 */
import { carriesFailure } from "../../base/failure.ts";
import { visibleLines } from "../../base/erased.ts";
import { splitLines, stripAnsi } from "../../base/lines.ts";

export interface ToolLines {
  /** Lines exactly as printed (ANSI colour kept: the reader may rely on it). */
  raw: string[];
  /** The same lines with ANSI sequences removed, for matching; a line a spinner wiped again is empty. */
  plain: string[];
}

export interface Piece {
  /** Index of the line this piece stands at; pieces are delivered in this order. */
  at: number;
  lines: string[];
}

export function toToolLines(text: string): ToolLines {
  const raw = splitLines(text);
  return { raw, plain: visibleLines(raw) };
}

/** Each line whose plain text `keep` accepts, as a piece of its own: the first `max` of them. */
export function linePieces(lines: ToolLines, keep: (plain: string, at: number) => boolean, max = Number.POSITIVE_INFINITY): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < lines.plain.length && pieces.length < max; i++)
    if (keep(lines.plain[i]!, i)) pieces.push({ at: i, lines: [lines.raw[i]!] });
  return pieces;
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

/** A comparison that failed, printed as a unified diff of what was expected against what came. */
const EXPECTED_HEADER = /^(\d+: )?--- expected\b/i;
const ACTUAL_HEADER = /^(?:\d+: )?\+\+\+ (?:actual|received|got)\b/i;
/** At most this many lines of one failed comparison: the case that introduces it and its diff. */
const MAX_COMPARISON_LINES = 40;

/**
 * A harness of the project's own (cmark's spec runner) names a failed case on a line of its own,
 * then shows the case and `--- expected` / `+++ actual` diff: nothing in them says "fail". The
 * case is the paragraph before the diff (past one blank line), the diff runs to the next blank.
 * Under `ctest -V` every line carries the test's number (`3: --- expected HTML`), blank ones too.
 */
function failedComparisons(lines: ToolLines): Piece[] {
  const { plain, raw } = lines;
  const found: Piece[] = [];
  for (let i = 0; i + 1 < plain.length; i++) {
    const header = EXPECTED_HEADER.exec(plain[i]!);
    if (!header || !ACTUAL_HEADER.test(plain[i + 1]!)) continue;
    const prefix = (header[1] ?? "").trim();
    const blank = (k: number) => plain[k]!.trim() === prefix;
    let from = i;
    if (from > 0 && blank(from - 1)) from--;
    while (from > 0 && !blank(from - 1) && i - from < MAX_COMPARISON_LINES / 2) from--;
    let to = i + 2;
    while (to < plain.length && !blank(to) && to - from < MAX_COMPARISON_LINES) to++;
    found.push({ at: from, lines: raw.slice(from, to) });
    i = to - 1;
  }
  return found;
}

/**
 * The pieces in the order the tool printed them, plus any other line that states a failure
 * (a stray error the reader did not claim) and any failed comparison a harness printed as a
 * diff, so no failure is dropped quietly. A multi-line block is set off by a blank line.
 */
export function renderPieces(lines: ToolLines, given: Piece[]): string {
  const held = new Set(given.flatMap((piece) => piece.lines.map((_, k) => piece.at + k)));
  const pieces = [...given, ...failedComparisons(lines).filter((piece) => !held.has(piece.at))];
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
