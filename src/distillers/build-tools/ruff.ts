/**
 * ruff's full report (its default format): each finding is a `F821 Undefined name \`x\`` line with
 * its location under it (` --> pkg/a.py:25:50`), then the quoted source, carets, a `help:` line
 * and the suggested fix's diff. The findings are the answer, so each is written as ruff's own
 * concise line (`pkg/a.py:25:50: F821 Undefined name \`x\``): its location, code and message,
 * nothing else. ruff's closing count must agree with the findings read, or the report is not read.
 */
import type { ToolLines } from "../shared/pieces.ts";

/** A finding's heading: its rule code (`F821`, `UP031`), ruff's `[*]` when a fix exists, the message. */
const HEAD = /^([A-Z]{1,4}\d{3,4}) (\S.*)$/;
/** The location under a heading; its indent widens with the line number. */
const LOCATION = /^\s*--> (\S+?:\d+:\d+)$/;
/** `Found 501 errors.`, and the fix counts ruff prints under it. */
const FOUND = /^Found (\d+) errors?\.$/;
const FIXES = /^\[\*\] \d+ fixable with the `--fix` option|^No fixes available|^\(\d+ fixes? available with `--unsafe-fixes`/;

/** The concise lines of a ruff full report, then its counts; null when the output is not one or its count disagrees. */
export function ruffConcise(lines: ToolLines): string[] | null {
  const found = lines.plain.findLastIndex((line) => FOUND.test(line));
  if (found === -1) return null;
  const out: string[] = [];
  lines.plain.forEach((line, i) => {
    const head = HEAD.exec(line);
    const location = head === null ? null : LOCATION.exec(lines.plain[i + 1] ?? "");
    if (head && location) out.push(`${location[1]}: ${head[1]} ${head[2]}`);
  });
  if (out.length === 0 || out.length !== Number(FOUND.exec(lines.plain[found]!)![1])) return null;
  return [...out, ...lines.plain.slice(found).filter((line) => FOUND.test(line) || FIXES.test(line))];
}
