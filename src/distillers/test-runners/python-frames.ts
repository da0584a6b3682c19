/** What a Python failure block is without its ceremony: the frames unittest and doctest print of themselves. */
import type { RunLines } from "./reading.ts";

/** A traceback frame inside unittest or doctest themselves: `File ".../lib/python3.x/unittest/case.py", line N, in …`. */
const STDLIB_FRAME = /^(\s+)File ".*\/lib\/python[\d.]+\/(?:unittest\/\w+|doctest)\.py", line \d+, in /;
/** The frame of the example itself (`File "<doctest index.rst[46]>", line 1, in <module>`): its code is the example, printed above. */
const EXAMPLE_FRAME = /^(\s+)File "<doctest [^"]*>", line \d+, in /;
/** Python 3.11's markers under a frame's code line (`    ^^^^^^`, `~~~~^^^`). */
const CARETS = /^\s*[~^]+\s*$/;

/**
 * Line indexes of a failure block minus the frames (and their indented code lines) inside the
 * test framework, the frame that repeats the example, and the caret lines: what stays is the
 * failure's own story, the frames of the code under test and the exception.
 */
export function withoutTracebackCeremony(lines: RunLines, from: number, to: number): number[] {
  const kept: number[] = [];
  for (let k = from; k < to; k++) {
    const line = lines.plain[k]!;
    if (CARETS.test(line)) continue;
    const indent = (STDLIB_FRAME.exec(line) ?? EXAMPLE_FRAME.exec(line))?.[1];
    if (indent === undefined) {
      kept.push(k);
      continue;
    }
    while (k + 1 < to && lines.plain[k + 1]!.startsWith(`${indent} `)) k++;
  }
  return kept;
}
