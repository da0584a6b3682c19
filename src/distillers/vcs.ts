/**
 * `gh` / `glab` listings (issues, pull requests, runs). Every row is an answer, so rows are
 * never dropped or merged; only decoration goes: blank lines and the padding that aligns
 * columns. A listing that cannot be recognised as rows is handed back raw.
 */
import { splitLines, stripAnsi } from "../core/lines.ts";
import { defineDistiller } from "./types.ts";

/** `Showing 3 of 3 open pull requests in cli/cli`, glab's `Showing 3 open merge requests on x/y. (Page 1)`. */
const SHOWING = /^Showing \d+ (?:of \d+ )?(?:open |closed |merged |all )?[\w -]+? (?:in|on) \S+/;
/** First cell of a row: `#123` (gh issues/PRs), `!12` (glab MRs), a run status glyph or word. */
const ROW = /^(?:#\d+|!\d+|[✓✔X✗*-]\s|(?:completed|in_progress|queued|success|failure)\s)/;
const HEADER = /^(?:ID|NUMBER|STATUS)\s{2,}[A-Z]/;

export default defineDistiller({
  id: "vcs",
  describe: "gh/glab list output: every row kept; blank lines and column padding dropped.",
  distill({ text }) {
    const lines = splitLines(stripAnsi(text)).filter((line) => line.trim() !== "");
    const rows = lines.filter((line) => ROW.test(line));
    const decoration = lines.filter((line) => SHOWING.test(line) || HEADER.test(line));
    // Anything that is neither a row nor known decoration means this is not a listing we know.
    if (rows.length === 0 || rows.length + decoration.length !== lines.length) return null;
    return lines.map((line) => line.replace(/\s{2,}/g, "  ").trimEnd()).join("\n") + "\n";
  },
});
