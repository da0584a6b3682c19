/**
 * AVA: its tally (`  2 tests failed`, and AVA 0.x's mini reporter's `  289 passed` / `  229 failed`,
 * with the known failures, skips, todos and uncaught exceptions beside it) and each failure's block
 * after it (or after the `─` rule above it): the test's title, its location, the assertion's
 * message, its values and the stack. The source excerpt (`   51:   t.true(…)`) and the frames
 * inside installed packages go; a block printed before points back to it. The `✔` list and the
 * spinner frames are the ceremony.
 */
import { stripAnsi } from "../../base/lines.ts";
import { isToolFrame } from "../shared/frames.ts";
import { foldRepeatedPieces } from "../shared/repeats.ts";
import { type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

/** Exactly two spaces in, as AVA indents its summary; `tests ` since AVA 1. */
const TALLY = /^ {2}(\d+) (?:tests? )?(passed|failed|skipped|todo|known failures?|uncaught exceptions?|unhandled rejections?)\s*$/;
const RULE = /^\s*─\s*$/;
const EXCERPT = /^\s+\d+: /;
/** A frame AVA prints without `at`: `  Chance.pick (chance.js:651:17)`, `  baseTimes (node_modules/lodash/lodash.js:991:23)`. */
const PACKAGE_FRAME = /^\s+\S.*\(node_modules\/[^)]*\)$/;

export function readAva(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  let last = -1;
  for (let i = plain.length - 1; i >= 0 && last === -1; i--) if (TALLY.test(plain[i]!)) last = i;
  if (last === -1) return null;
  let first = last;
  while (first > 0 && TALLY.test(plain[first - 1]!)) first--;
  // AVA's tally ends its paragraph; playwright's `  2 failed` goes on, indented (the failing tests, `  22 passed (45.2s)`).
  if (/^\s+\S/.test(plain[last + 1] ?? "")) return null;
  const counts = new Map<string, number>();
  for (let i = first; i <= last; i++) {
    const [, n, kind] = TALLY.exec(plain[i]!)!;
    counts.set(kind!.replace(/s$/, ""), Number(n));
  }
  const failed = counts.get("failed") ?? 0;
  const uncaught = (counts.get("uncaught exception") ?? 0) + (counts.get("unhandled rejection") ?? 0);
  // A passing run is left to the readers and folds that keep its list of tests.
  if (failed === 0 && uncaught === 0) return null;
  const pieces: Piece[] = [];
  for (let i = first; i <= last; i++) pieces.push({ at: i, lines: [raw[i]!] });
  // The failures follow the tally (AVA 0.x, AVA 3's verbose run) or sit between a `─` rule and it.
  const after = blocksIn(lines, last + 1, plain.length);
  let blocks = after;
  if (after.length === 0) {
    let rule = first - 1;
    while (rule >= 0 && !RULE.test(plain[rule]!)) rule--;
    let open = rule - 1;
    while (open >= 0 && !RULE.test(plain[open]!)) open--;
    if (rule !== -1) blocks = blocksIn(lines, open + 1, rule);
  }
  pieces.push(...foldRepeatedPieces(blocks, (at) => `"${plain[at]!.trim()}"`));
  return { pieces, failuresFound: blocks.length, failuresTallied: failed + uncaught };
}

/** Blocks from `from` to `to`: each opens on a line two spaces in after two blank lines (or at the start). */
function blocksIn(lines: RunLines, from: number, to: number): Piece[] {
  const { plain, raw } = lines;
  const starts: number[] = [];
  let blanks = 2;
  for (let i = from; i < to; i++) {
    if (RULE.test(plain[i]!) || TALLY.test(plain[i]!)) break;
    if (plain[i]!.trim() === "") {
      blanks++;
      continue;
    }
    if (blanks >= 2 && /^ {2}\S/.test(plain[i]!)) starts.push(i);
    else if (starts.length === 0) return [];
    blanks = 0;
  }
  return starts.map((start, k) => {
    let end = k + 1 < starts.length ? starts[k + 1]! : start + 1;
    if (k + 1 === starts.length) while (end < to && !RULE.test(plain[end]!) && !TALLY.test(plain[end]!)) end++;
    const body: string[] = [raw[start]!];
    for (let i = start + 1; i < end; i++) {
      if (EXCERPT.test(plain[i]!) || PACKAGE_FRAME.test(plain[i]!) || isToolFrame(plain[i]!)) continue;
      // A dropped excerpt leaves its two blank lines side by side: one is enough.
      if (plain[i]!.trim() === "" && stripAnsi(body.at(-1)!).trim() === "") continue;
      body.push(raw[i]!);
    }
    return { at: start, lines: trimBlank(body) };
  });
}
