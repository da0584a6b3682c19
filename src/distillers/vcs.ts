/**
 * `gh` / `glab` listings (issues, pull requests, runs). Every row is an answer, so rows are never
 * dropped or merged; only decoration goes: blank lines and the padding that aligns columns.
 * Padding is squeezed only when every row has a cell at every column start, because in a table
 * with an empty cell the alignment is the only thing that says which column a value belongs to.
 */
import { splitLines, stripAnsi } from "../base/lines.ts";
import { defineDistiller } from "./types.ts";

/** `Showing 3 of 3 open pull requests in cli/cli`, glab's `Showing 3 open merge requests on x/y. (Page 1)`. */
const SHOWING = /^Showing \d+ (?:of \d+ )?[\w -]+? (?:in|on) \S+/;
/** First cell of a row: `#123` (gh issues/PRs), `!12` (glab MRs), a run status glyph. */
const ROW = /^(?:#\d+|!\d+|[✓✔X✗*-])\s{2,}\S/;
const HEADER = /^(?:ID|NUMBER|STATUS)\s{2,}[A-Z]/;
const CELL_GAP = /\s{2,}/g;

export default defineDistiller({
  id: "vcs",
  collapse: "log",
  programs: ["gh", "hub", "glab"],
  declined: "not recognised",
  describe: "gh/glab list output: every row kept; blank lines and column padding dropped when no cell is empty.",
  distill({ text }) {
    const lines = splitLines(stripAnsi(text))
      .map((line) => line.trimEnd())
      .filter((line) => line !== "");
    const table = lines.filter((line) => ROW.test(line) || HEADER.test(line));
    const showing = lines.filter((line) => SHOWING.test(line));
    // Anything that is neither a row nor known decoration means this is not a listing we know.
    if (table.length === 0 || table.length + showing.length !== lines.length) return null;
    const starts = cellStarts(table[0]!);
    if (!table.every((row) => cellStarts(row) === starts)) return null;
    return lines.map((line) => line.replace(CELL_GAP, "  ")).join("\n") + "\n";
  },
});

/** Offsets where cells begin, as a comparable key. */
function cellStarts(row: string): string {
  const starts = [0];
  for (const gap of row.matchAll(CELL_GAP)) starts.push(gap.index + gap[0].length);
  return starts.join(",");
}
