/**
 * `node --test` with the spec reporter: `ℹ tests N` … `ℹ fail N` tallies, then a closing
 * "✖ failing tests:" section that restates every failing test with its location and error.
 * That section is delivered (minus runtime-internal frames); the tree above it is the ceremony.
 * Without the section (older Node), the `✖ test` lines with their indented details are used.
 */
import { isRuntimeFrame } from "../shared/frames.ts";
import { allMatches, countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const FAIL_TALLY = /^ℹ fail (\d+)$/;
/** A test cancelled (its file timed out) is listed among the failing tests too. */
const CANCELLED_TALLY = /^ℹ cancelled (\d+)$/;
const TALLY = /^ℹ (?:tests|suites|pass|fail|cancelled|skipped|todo) \d+$/;
const FAILED_MARK = /^(\s*)✖ /;

export function readNodeSpec(lines: RunLines): RunReading | null {
  const failAt = lastMatch(lines.plain, FAIL_TALLY);
  if (failAt === -1) return null;
  const pieces: Piece[] = allMatches(lines.plain, TALLY).map((i) => ({ at: i, lines: [lines.raw[i]!] }));
  const sectionAt = lines.plain.findIndex((line) => line === "✖ failing tests:");
  const from = sectionAt === -1 ? 0 : sectionAt + 1;
  const to = sectionAt === -1 ? failAt : lines.plain.length;
  let found = 0;
  for (let i = from; i < to; i++) {
    const indent = FAILED_MARK.exec(lines.plain[i]!)?.[1];
    if (indent === undefined) continue;
    let end = i + 1;
    while (
      end < to &&
      (lines.plain[end]!.trim() === "" || leading(lines.plain[end]!) > indent.length) &&
      !FAILED_MARK.test(lines.plain[end]!) &&
      !lines.plain[end]!.startsWith("test at ")
    )
      end++;
    if (end === i + 1 || trimBlank(lines.raw.slice(i + 1, end)).length === 0) continue; // a suite: its tests carry the details
    found++;
    const start = i > 0 && lines.plain[i - 1]!.startsWith("test at ") ? i - 1 : i;
    const body = lines.raw.slice(start, end).filter((_, k) => !isRuntimeFrame(lines.plain[start + k]!));
    pieces.push({ at: start, lines: trimBlank(body) });
    i = end - 1;
  }
  const cancelledAt = lastMatch(lines.plain, CANCELLED_TALLY);
  const cancelled = sectionAt !== -1 && cancelledAt !== -1 ? countIn(lines.plain[cancelledAt]!, CANCELLED_TALLY) : 0;
  return { pieces, failuresFound: found, failuresTallied: countIn(lines.plain[failAt]!, FAIL_TALLY) + cancelled };
}

function leading(line: string): number {
  return /^\s*/.exec(line)![0].length;
}
