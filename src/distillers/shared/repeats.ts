/**
 * A failure-dense run prints the same evidence over and over: one broken helper fails twenty
 * tests, and each numbered block repeats the message and the stack that led there. Within one list
 * of failure blocks, a paragraph of message lines or a run of stack frames already printed whole in
 * an earlier block becomes a pointer to that block (`[7 frames as in 1) above]`); a block whose
 * whole body was printed before becomes one line. Every block keeps its own header (the test's
 * name), the first printing of everything stays verbatim, and a run folds only when its pointer
 * is under half its length (a short location stays where it is), so every failure line is still
 * there to read, once.
 */
import { stripAnsi } from "../../base/lines.ts";
import type { Piece } from "./pieces.ts";

/** One failure block: its header line first (the test's name), then its body, raw. */
export interface FailureBlock {
  /** How a pointer names this block: `1)`, `Failure 3`. */
  label: string;
  lines: string[];
}

/**
 * A stack frame line: `at fn (file.js:1:2)` (JavaScript, Java), a bare `path/file.php:139`
 * (PHPUnit), `#0 file.php(12): fn()` (PHP), `file.lua:12: in function` / `[C]: in` (Lua),
 * `… called at file line N` (Perl), `File "x.py", line 3, in f` (Python; its source line under it
 * is a paragraph of its own).
 */
const FRAME =
  /^\s*(?:at \S.*|File ".*", line \d+(?:, in .*)?|#\d+ (?:\S+\(\d+\)|\{main\}|\[internal function\]).*|[\w./\\@+~-]+\.\w+:\d+(?::\d+)?|(?:\S+\.lua:\d+|\[C\]): in .*|\S.* called at \S+ line \d+)$/;
/** PHPUnit's testdox prints a failure's body behind a rule (`   │ path/File.php:85`): read past it. */
const RULE = /^(\s*)│ ?/;
/** A run folds only when its pointer is at most this share of what it replaces: a short location reads better where it is. */
const MAX_POINTER_SHARE = 0.5;
/** A list shorter than this is read at a glance. */
export const MIN_FOLDED_BLOCKS = 3;

export function isFrameLine(plain: string): boolean {
  return FRAME.test(plain);
}

interface Run {
  kind: "frames" | "paragraph" | "blank";
  lines: string[];
  plain: string[];
}

/** The body split into runs of frames, of other lines, and of blank lines. */
function runsOf(lines: string[]): Run[] {
  const runs: Run[] = [];
  for (const line of lines) {
    const plain = stripAnsi(line).replace(RULE, "$1");
    const kind = plain.trim() === "" ? "blank" : isFrameLine(plain) ? "frames" : "paragraph";
    const last = runs.at(-1);
    if (last && last.kind === kind) {
      last.lines.push(line);
      last.plain.push(plain);
    } else runs.push({ kind, lines: [line], plain: [plain] });
  }
  return runs;
}

/** A pointer stands where its run began, behind the same indent and rule. */
const indentOf = (line: string): string => /^\s*(?:│ ?)?/.exec(stripAnsi(line))![0];

/** Each block's lines with what an earlier block printed whole pointing back to it. */
export function foldRepeatedEvidence(blocks: FailureBlock[]): string[][] {
  if (blocks.length < MIN_FOLDED_BLOCKS) return blocks.map((block) => block.lines);
  const firstIn = new Map<string, string>(); // kind and text of a run → the label of the block that printed it whole
  const firstBody = new Map<string, string>(); // a whole body → the label of the block that printed it
  return blocks.map((block) => {
    const [header, ...body] = block.lines;
    const bodyKey = body.map(stripAnsi).join("\n").trim();
    const sameBody = bodyKey === "" ? undefined : firstBody.get(bodyKey);
    if (bodyKey !== "" && sameBody === undefined) firstBody.set(bodyKey, block.label);
    const runs = runsOf(body);
    const frames = runs.filter((run) => run.kind === "frames").reduce((n, run) => n + run.lines.length, 0);
    if (sameBody !== undefined) {
      const what =
        frames === 0
          ? "same message"
          : runs.some((run) => run.kind === "paragraph")
            ? `same message and ${plural(frames, "frame")}`
            : plural(frames, "frame");
      const indent = indentOf(runs.find((run) => run.kind !== "blank")!.lines[0]!);
      return [header!, `${indent}[${what} as in ${sameBody} above]`];
    }
    const out: string[] = [header!];
    for (const run of runs) {
      if (run.kind === "blank") {
        out.push(...run.lines);
        continue;
      }
      const key = `${run.kind}\0${run.plain.join("\n")}`;
      const first = firstIn.get(key);
      if (first === undefined) firstIn.set(key, block.label);
      const pointer =
        first === undefined
          ? null
          : `${indentOf(run.lines[0]!)}[${plural(run.lines.length, run.kind === "frames" ? "frame" : "line")} as in ${first} above]`;
      if (pointer !== null && pointer.length <= run.plain.join("\n").length * MAX_POINTER_SHARE) out.push(pointer);
      else out.push(...run.lines);
    }
    return out;
  });
}

/** The failure pieces of one list with `foldRepeatedEvidence` applied, each named by `labelOf` its first line's index. */
export function foldRepeatedPieces(blocks: Piece[], labelOf: (at: number) => string): Piece[] {
  const folded = foldRepeatedEvidence(blocks.map((block) => ({ label: labelOf(block.at), lines: block.lines })));
  return blocks.map((block, k) => ({ at: block.at, lines: folded[k]! }));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
