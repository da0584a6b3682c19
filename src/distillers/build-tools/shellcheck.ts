/**
 * ShellCheck's default (tty) report: an `In FILE line N:` header, the source line, then one
 * `^--^ SC2086 (info): message` line per finding under it, with a `Did you mean:` rewrite and a
 * closing list of wiki links. The findings are the answer: each header and each finding line is
 * kept verbatim, and so is a file ShellCheck could not read (`x.sh: x.sh: openBinaryFile: does not
 * exist (No such file or directory)`, its name printed twice); the quoted source, the suggested rewrite and the links go (`omni retrieve` has
 * them, and so does the file).
 */
import { type Piece, type ToolLines } from "../shared/pieces.ts";

const HEADER = /^In \S+ line \d+:$/;
const FINDING = /\bSC\d{4} \((?:error|warning|info|style)\): /;
/** ShellCheck's error on a file it could not open or decode: the name twice, then the call that failed. */
const FILE_ERROR = /^([^\s:][^:]{0,300}): \1: \w+: /;

/** The pieces of a ShellCheck tty report, or null when the output is not one. */
export function shellcheckFindings(lines: ToolLines): Piece[] | null {
  const headers = lines.plain.filter((line) => HEADER.test(line)).length;
  if (headers === 0) return null;
  const pieces: Piece[] = [];
  lines.plain.forEach((line, i) => {
    if (HEADER.test(line) || FINDING.test(line) || FILE_ERROR.test(line)) pieces.push({ at: i, lines: [lines.raw[i]!] });
  });
  // Every header names at least one finding; a report that does not is not one we read.
  return pieces.length > headers ? pieces : null;
}
