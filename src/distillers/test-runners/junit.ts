/**
 * JUnit, as its two text runners print a run.
 *
 * The JUnit Platform console launcher (`junit-platform-console-standalone`, Jupiter and Vintage
 * engines): a tree with `✔` or `✘ message` after each test, a `Failures (N):` section with one
 * block per failed test or container (`  JUnit Jupiter:Class:method()`, its source, `=> exception`,
 * frames) and the summary box (`[        13 tests failed          ]`). Kept: the tree's `✘` lines,
 * each block's name, exception and frames into the project, and the box lines that count an
 * outcome; the passing tree goes. Under `--details=flat` (a line per event), each `Finished:` line
 * with an exception under it, the exception and its frames into the project.
 *
 * JUnit 4's JUnitCore: `There were N failures:`, numbered `1) test(pkg.Class)` blocks with the
 * exception and `at` frames, then `FAILURES!!!` and `Tests run: N,  Failures: F` (or `OK (N tests)`).
 * Kept: each block with its frames into the project, `Time:`, the verdict and the tally; in a
 * dense run, a message an earlier block printed whole points back to it.
 */
import { foldRepeatedPieces } from "../shared/repeats.ts";
import { isFrame, traceLines } from "./java-frames.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

export function readJunit(lines: RunLines): RunReading | null {
  return readConsoleLauncher(lines) ?? readJunitCore(lines);
}

/** `[       308 tests found           ]`, `[         0 containers failed     ]`. */
const BOX = /^\[\s*(\d+) (tests|containers) (found|skipped|started|aborted|successful|failed)\s*\]$/;
const FINISHED = /^Test run finished after \d+ ms$/;
const FAILURES = /^Failures \((\d+)\):$/;
const BLOCK_HEADER = /^ {2}\S/;
/** The line under a block's name: its `MethodSource [...]` / `ClassSource [...]`, or `=> exception` when it has no source. */
const BLOCK_SECOND = /^ {4}(?:=> |\w+Source \[)/;
const SOURCE = /^ {4}\w+Source \[/;
const SOURCE_CLASS = /className = '([\w.$]+)'/;
/** A failed node of the tree: `│  ├─ testParse() ✘ Cannot invoke …`. */
const TREE_FAILED = /[├└]─ .*✘/;
/** The counts worth reading: what was found, every outcome but a container's success or skip. */
const KEPT_BOX = /^(?:tests (?:found|skipped|aborted|successful|failed)|containers (?:aborted|failed))$/;

function readConsoleLauncher(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const testsFailedAt = lastMatch(plain, /^\[\s*\d+ tests failed\s*\]$/);
  if (testsFailedAt === -1) return null;
  const box = boxLines(plain, testsFailedAt);
  const finishedAt = box[0]! > 0 && FINISHED.test(plain[box[0]! - 1]!) ? box[0]! - 1 : -1;
  const tallyAt = finishedAt === -1 ? box[0]! : finishedAt;
  const counted = box.filter((i) => KEPT_BOX.test(BOX.exec(plain[i]!)!.slice(2).join(" ")));
  const pieces: Piece[] = [{ at: tallyAt, lines: [...(finishedAt === -1 ? [] : [raw[finishedAt]!]), ...counted.map((i) => raw[i]!)] }];
  // A container that failed (a class whose set-up threw) has a block of its own in the Failures section.
  const containersFailedAt = box.find((i) => /^\[\s*\d+ containers failed\s*\]$/.test(plain[i]!));
  const failuresTallied =
    countIn(plain[testsFailedAt]!, /(\d+)/) + (containersFailedAt === undefined ? 0 : countIn(plain[containersFailedAt]!, /(\d+)/));

  for (let i = 0; i < tallyAt; i++) if (TREE_FAILED.test(plain[i]!)) pieces.push({ at: i, lines: [raw[i]!] });

  const sectionAt = lastMatch(plain.slice(0, tallyAt), FAILURES);
  if (sectionAt === -1 && pieces.length === 1) {
    const verbose = verboseFailures(lines, tallyAt);
    const failed = verbose.length > 0 ? verbose : flatFailures(lines, tallyAt);
    pieces.push(...failed);
    return { pieces, failuresFound: failed.length, failuresTallied };
  }
  if (sectionAt === -1) return { pieces, failuresFound: pieces.length - 1, failuresTallied };
  pieces.push({ at: sectionAt, lines: [raw[sectionAt]!] });
  const starts: number[] = [];
  for (let i = sectionAt + 1; i < tallyAt; i++) if (BLOCK_HEADER.test(plain[i]!) && BLOCK_SECOND.test(plain[i + 1] ?? "")) starts.push(i);
  const seen = new Set<string>();
  starts.forEach((at, k) => {
    const end = starts[k + 1] ?? tallyAt;
    const sourceAt = SOURCE.test(plain[at + 1]!) ? at + 1 : -1;
    const testClass = sourceAt === -1 ? null : (SOURCE_CLASS.exec(plain[sourceAt]!)?.[1] ?? null);
    const from = sourceAt === -1 ? at + 1 : at + 2;
    pieces.push({ at, lines: trimBlank([raw[at]!, ...traceLines(lines, from, end, testClass, seen)]) });
  });
  // The section's own count and its blocks must agree before they are compared with the box.
  const announced = countIn(plain[sectionAt]!, FAILURES);
  return { pieces, failuresFound: announced === starts.length ? starts.length : -1, failuresTallied };
}

/** `--details=verbose` prints a node per test and no Failures section: `├─ name`, its fields, `status: ✘ FAILED`. */
const VERBOSE_NODE = /^[│ ]*[├└]─ \S/;
const VERBOSE_FAILED = /^[│ ]*status: ✘ FAILED\b/;
const VERBOSE_FIELD = /^[│ ]*(source|caught|duration): /;
/** The tree's gutter in front of a node's fields and trace lines. */
const GUTTER = /^[│ ]+/;

/**
 * Each failed test of a verbose tree: its name, its source (the class), the exception it caught
 * with the frames into the project, and its status line. Tags, ids and durations go.
 */
function verboseFailures(lines: RunLines, tallyAt: number): Piece[] {
  const { plain, raw } = lines;
  // The trace lines read without the gutter, so a frame is recognised as in the Failures section.
  const unguttered: RunLines = { raw, plain: plain.map((line) => line.replace(GUTTER, "")) };
  const seen = new Set<string>();
  const pieces: Piece[] = [];
  for (let statusAt = 0; statusAt < tallyAt; statusAt++) {
    if (!VERBOSE_FAILED.test(plain[statusAt]!)) continue;
    let nodeAt = statusAt - 1;
    while (nodeAt > 0 && !VERBOSE_NODE.test(plain[nodeAt]!)) nodeAt--;
    const kept = [raw[nodeAt]!];
    const field = (name: string) => plain.slice(nodeAt, statusAt).findIndex((line) => VERBOSE_FIELD.exec(line)?.[1] === name);
    const sourceAt = field("source");
    const testClass = sourceAt === -1 ? null : (SOURCE_CLASS.exec(plain[nodeAt + sourceAt]!)?.[1] ?? null);
    if (sourceAt !== -1) kept.push(raw[nodeAt + sourceAt]!);
    const caughtAt = field("caught");
    if (caughtAt !== -1) {
      const durationAt = field("duration");
      const end = durationAt > caughtAt ? nodeAt + durationAt : statusAt;
      kept.push(raw[nodeAt + caughtAt]!, ...traceLines(unguttered, nodeAt + caughtAt + 1, end, testClass, seen));
    }
    kept.push(raw[statusAt]!);
    pieces.push({ at: nodeAt, lines: kept });
  }
  return pieces;
}

/** `--details=flat`: a line per event, `Finished:    name ([engine:…]/[class:…]/[method:…])`, and under a failed one its exception. */
const FLAT_EVENT = /^(?:Started|Finished|Skipped|Reported): {2,}\S/;
const FLAT_FINISHED = /^Finished: {2,}\S/;
const FLAT_EXCEPTION = /^\s+=> Exception: /;
const FLAT_CLASS = /\[class:([\w.$]+)\]/;
/** A trace's own lines past its frames; before the first frame, the message's lines under `=> Exception:`. */
const FLAT_TRACE_LINE = /^\s+(?:Caused by: |Suppressed: |\.\.\. \d+ more$)/;
/** A frame the tests' own printing ran into (`at org.junThis is a test`). */
const FLAT_BROKEN_FRAME = /^\s+at /;

/** Each failed test or container of a flat feed: its `Finished:` line, the exception, the frames into the project. */
function flatFailures(lines: RunLines, tallyAt: number): Piece[] {
  const { plain, raw } = lines;
  const seen = new Set<string>();
  const pieces: Piece[] = [];
  for (let at = 0; at + 1 < tallyAt; at++) {
    if (!FLAT_FINISHED.test(plain[at]!) || !FLAT_EXCEPTION.test(plain[at + 1]!)) continue;
    let end = at + 2;
    while (end < tallyAt && !FLAT_EVENT.test(plain[end]!)) end++;
    const testClass = FLAT_CLASS.exec(plain[at]!)?.[1] ?? null;
    // What the tests printed runs into the trace, unindented or in the middle of a frame: only the trace's own lines are read.
    const indent = /^\s*/.exec(plain[at + 1]!)![0].length;
    const own: number[] = [];
    let framed = false;
    for (let k = at + 2; k < end; k++) {
      const line = plain[k]!;
      // Unindented, a frame is the tail of one the tests' printing broke (`it.platform.engine…(…java:35)`).
      const frame = /^\s/.test(line) && isFrame(line);
      if (frame) framed = true;
      const continues = !framed && /^\s*/.exec(line)![0].length >= indent && !FLAT_BROKEN_FRAME.test(line);
      if (frame || FLAT_TRACE_LINE.test(line) || continues) own.push(k);
    }
    const trace: RunLines = { raw: own.map((k) => raw[k]!), plain: own.map((k) => plain[k]!) };
    pieces.push({ at, lines: trimBlank([raw[at]!, raw[at + 1]!, ...traceLines(trace, 0, own.length, testClass, seen)]) });
    at = end - 1;
  }
  return pieces;
}

/** The summary box around line `at`: the run of box lines it belongs to, in order. */
function boxLines(plain: string[], at: number): number[] {
  let from = at;
  while (from > 0 && BOX.test(plain[from - 1]!)) from--;
  let to = at + 1;
  while (to < plain.length && BOX.test(plain[to]!)) to++;
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/** From this many failures on, JUnitCore's blocks fold a message an earlier block printed. */
const DENSE_BLOCKS = 10;
const CORE_TALLY = /^(?:Tests run: \d+,\s+Failures: (\d+)|OK \(\d+ tests?\))$/;
const CORE_SECTION = /^There (?:was 1 failure|were \d+ failures):$/;
const CORE_VERDICT = /^FAILURES!!!$/;
const CORE_TIME = /^Time: [\d.,]+$/;
/** `1) testName(pkg.Class)`: the test's class is what its own frames are recognised by. */
const CORE_BLOCK = /^(\d+)\) (.*?)(?:\(([\w.$]+)\))?$/;

function readJunitCore(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallyAt = lastMatch(plain, CORE_TALLY);
  if (tallyAt === -1) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [raw[tallyAt]!] }];
  const failuresTallied = countIn(plain[tallyAt]!, CORE_TALLY);
  const before = plain.slice(0, tallyAt);
  const timeAt = lastMatch(before, CORE_TIME);
  if (timeAt !== -1) pieces.push({ at: timeAt, lines: [raw[timeAt]!] });
  const verdictAt = lastMatch(before, CORE_VERDICT);
  if (verdictAt !== -1) pieces.push({ at: verdictAt, lines: [raw[verdictAt]!] });
  const sectionAt = lastMatch(before, CORE_SECTION);
  if (sectionAt === -1) return { pieces, failuresFound: 0, failuresTallied };
  pieces.push({ at: sectionAt, lines: [raw[sectionAt]!] });

  // Blocks are numbered from 1 in order: a message line that happens to start `2) ` is not a block.
  const starts: number[] = [];
  const sectionEnd = verdictAt > sectionAt ? verdictAt : tallyAt;
  for (let i = sectionAt + 1; i < sectionEnd; i++) if (CORE_BLOCK.exec(plain[i]!)?.[1] === String(starts.length + 1)) starts.push(i);
  const seen = new Set<string>();
  const blocks = starts.map((at, k) => {
    const end = starts[k + 1] ?? sectionEnd;
    const testClass = CORE_BLOCK.exec(plain[at]!)?.[3] ?? null;
    return { at, lines: trimBlank([raw[at]!, ...traceLines(lines, at + 1, end, testClass, seen)]) };
  });
  // A dense run says one message many times (a suite run again under a subclass, one broken set-up):
  // past the first printing it points back. A few failures read better whole.
  pieces.push(...(blocks.length < DENSE_BLOCKS ? blocks : foldRepeatedPieces(blocks, (at) => /^\d+\)/.exec(plain[at]!)![0])));
  return { pieces, failuresFound: starts.length, failuresTallied };
}
