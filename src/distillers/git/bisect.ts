/**
 * `git bisect run <command>`: the command's whole output at every step, then git's verdict. What
 * the reader needs is each step (`running …`, `Bisecting: N revisions left …`), how each run ended
 * (its lines that state a failure or a tally, a numbered failure's heading and the stack frames
 * right under what was kept), which commit each step checked out, and the verdict from `<sha> is the first bad commit`
 * to the end, with the commit it names. A run that found no first bad commit is not read.
 */
import { carriesFailure } from "../../base/failure.ts";

const RUNNING = /^running\s+\S/;
const BISECTING = /^Bisecting: \d+ revisions? left to test after this\b/;
const FIRST_BAD = /^[0-9a-f]{7,40} is the first bad commit$/;
/** The commit a step checked out: `[<sha>] subject`. */
const CHECKED_OUT = /^\[[0-9a-f]{7,40}\] /;
/** A runner's numbered failure (`1) test_Long(org.joda.convert.TestJDKStringConverters)`). */
const FAILURE_HEADING = /^\s*\d+\) \S/;
const FRAME = /^\s+at \S/;
/** How a step's run ended: a runner's or a build's own count (`44% tests passed, 5 tests failed out of 9`, mocha's `213 passing`). */
const TALLY =
  /\b\d+% tests passed\b|\b\d+ (?:passed|failed|errors?|failures?)\b|^\d+ (?:passing|failing|pending)\b|^Test (?:Failed|Passed)\.?$|^All \d+ tests passed\b|^Tests run: \d+|^OK \(\d+ tests?\)/i;

export function isBisectRun(lines: string[]): boolean {
  return lines.some((line) => RUNNING.test(line)) && lines.some((line) => FIRST_BAD.test(line));
}

export function distillBisectRun(lines: string[]): string | null {
  const verdict = lines.findIndex((line) => FIRST_BAD.test(line));
  if (verdict === -1) return null;
  const kept: string[] = [];
  let keptPrevious = false;
  for (const line of lines.slice(0, verdict)) {
    const trimmed = line.trim();
    const step = RUNNING.test(line) || BISECTING.test(line) || CHECKED_OUT.test(line);
    const outcome = TALLY.test(trimmed) || carriesFailure(trimmed) || FAILURE_HEADING.test(line);
    keptPrevious = step || outcome || (keptPrevious && FRAME.test(line));
    if (keptPrevious) kept.push(line);
  }
  const tail = lines.slice(verdict);
  while (tail.length > 0 && tail.at(-1)!.trim() === "") tail.pop();
  return [...kept, ...tail].join("\n") + "\n";
}
