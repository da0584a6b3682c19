/**
 * PHP_CodeSniffer's full report: per file a `FILE: path` header, its `FOUND 4 ERRORS AND 39
 * WARNINGS AFFECTING 42 LINES` count, then one row per finding (` 142 | ERROR   | [x] message`),
 * a long message wrapped onto rows of its own (`     |         |     not allowed`), and the
 * `PHPCBF CAN FIX THE 3 MARKED SNIFF VIOLATIONS AUTOMATICALLY` line, all between rules of dashes.
 * The findings are the answer: each header, count and fixer line stays as printed, and each row
 * with its wrapped lines joined onto it, so a finding is one line; the rules and the timing go.
 */
import { PHPCS_FILE_HEADING as FILE_HEADER } from "../../base/same-as.ts";
import { type Piece, type ToolLines } from "../shared/pieces.ts";

const FOUND = /^FOUND \d+ ERRORS?(?: AND \d+ WARNINGS?)? AFFECTING \d+ LINES?$/;
const ROW = /^\s*\d+ \| (?:ERROR|WARNING)\s*\| \S/;
const WRAPPED = /^\s+\|\s+\|\s+(\S.*)$/;
const FIXER = /^PHPCBF CAN FIX (?:THE )?\d+ /;
const RULE = /^-{10,}$/;

/** The pieces of a phpcs full report, or null when the output is not one. */
export function phpcsFindings(lines: ToolLines): Piece[] | null {
  const { plain, raw } = lines;
  const headers = plain.filter((line, i) => FILE_HEADER.test(line) && RULE.test(plain[i + 1] ?? "") && FOUND.test(plain[i + 2] ?? ""));
  if (headers.length === 0 || headers.length !== plain.filter((line) => FILE_HEADER.test(line)).length) return null;
  const pieces: Piece[] = [];
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    if (FILE_HEADER.test(line) || FOUND.test(line) || FIXER.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
    else if (ROW.test(line)) {
      const at = i;
      let joined = raw[i]!.trimEnd();
      while (i + 1 < plain.length && WRAPPED.test(plain[i + 1]!)) joined += ` ${WRAPPED.exec(plain[++i]!)![1]!.trimEnd()}`;
      pieces.push({ at, lines: [joined] });
    } else if (line.trim() !== "" && !RULE.test(line) && !/^Time: /.test(line)) return null;
  }
  return pieces;
}
