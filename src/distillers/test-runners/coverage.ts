/**
 * A coverage report printed with the run (`--coverage`, `--cov`). The agent asked for it, so it is
 * part of the answer and is kept verbatim: istanbul/v8 text tables (`File | % Stmts | …`), their
 * text-summary block, coverage.py's `Name Stmts Miss Cover` table through its TOTAL line, and
 * SimpleCov's one-line summary (`Coverage report generated for … 1510 / 2308 LOC (65.42%) covered.`,
 * or `Line Coverage: 65.42% (1510 / 2308)` in later versions).
 */
import type { Piece } from "../shared/pieces.ts";
import type { RunLines } from "./reading.ts";

const TABLE_HEADER = /^\s*File\s*\|\s*% Stmts\b/;
const TABLE_LINE = /\||^-+(?:\|-+)+-*$/;
const TABLE_TITLE = /Coverage report from /;
const SUMMARY_OPEN = /^=+ Coverage summary =+$/;
const SUMMARY_CLOSE = /^=+$/;
const PY_OPEN = /^[-_]+ coverage: .* [-_]+$/;
const PY_TOTAL = /^TOTAL\s+\d+/;
const SIMPLECOV =
  /^Coverage report generated for .+ \d+ \/ \d+ LOC \([\d.]+%\) covered\.$|^(?:Line|Branch) Coverage: [\d.]+% \(\d+ \/ \d+\)$/;

export function coverageReports(lines: RunLines): Piece[] {
  const { plain, raw } = lines;
  const pieces: Piece[] = [];
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    let from = -1;
    let to = -1;
    if (TABLE_HEADER.test(line)) {
      from = i > 0 && TABLE_LINE.test(plain[i - 1]!) ? i - 1 : i;
      if (from > 0 && TABLE_TITLE.test(plain[from - 1]!)) from--;
      to = i + 1;
      while (to < plain.length && TABLE_LINE.test(plain[to]!)) to++;
    } else if (SUMMARY_OPEN.test(line)) {
      from = i;
      to = plain.findIndex((l, k) => k > i && SUMMARY_CLOSE.test(l)) + 1 || i + 1;
    } else if (SIMPLECOV.test(line)) {
      [from, to] = [i, i + 1];
    } else if (PY_OPEN.test(line)) {
      const total = plain.findIndex((l, k) => k > i && PY_TOTAL.test(l));
      if (total !== -1) [from, to] = [i, total + 1];
    }
    if (from === -1) continue;
    pieces.push({ at: from, lines: raw.slice(from, to) });
    i = to - 1;
  }
  return pieces;
}
