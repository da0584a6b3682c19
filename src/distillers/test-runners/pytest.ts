/**
 * pytest: the closing `N failed, M passed in Xs` tally, the FAILURES and ERRORS sections, and
 * the short test summary. A failure is delivered as its `FAILED id - message` line followed by
 * what pytest itself marks as the explanation: the `>` source lines, the `E` lines, each frame's
 * `path:line:` location and any captured output. The unmarked source listing around them is
 * dropped (it is the file the agent can open); an `E` or `>` line the summary message already
 * states verbatim is not repeated. The summary's other lines (`PASSED`, `SKIPPED`, `XFAIL`), which
 * pytest prints only when asked (`-rA`, `-rs`), stay too while there are few of them.
 */
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY =
  /^=*\s*(?:(?:\d+ (?:failed|passed|errors?|skipped|deselected|xfailed|xpassed|warnings?|rerun|subtests? \w+)(?:, )?)+|no tests ran) in [\d.]+s\b.*$/;
const SECTION = /^=+ (.+?) =+$/;
const BLOCK_HEADER = /^_{3,} (.+?) _{3,}$/;
const SUMMARY_LINE = /^(FAILED|ERROR) (\S+)(?: - (.*))?$/;
const VERBOSE_FAILED = /^(\S+::\S+) FAILED\b/;
const INTERRUPTED = /^!+ .* !+$/;
/** `path:line: Exc` or `path:line: in func`: where a frame of the traceback points. */
const LOCATION = /^\S.*:\d+: ?/;
const CAPTURED = /^-+ Captured (?:stdout|stderr|log) \w+ -+$/;
/** A short-summary line for a test that did not fail, there because `-r` asked for it. */
const ASKED_SUMMARY_LINE = /^(?:PASSED|SKIPPED|XFAIL|XPASS) \S/;
/** More asked-for summary lines than this are a listing; the tally counts them. */
const MAX_ASKED_SUMMARY_LINES = 30;

interface Block {
  at: number;
  header: string;
  section: "FAILURES" | "ERRORS";
  lines: number[];
}

export function readPytest(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TALLY);
  if (tallyAt === -1) return null;
  const tally = lines.plain[tallyAt]!;
  const failed = countIn(tally, /(\d+) failed/);
  const errors = countIn(tally, /(\d+) errors?\b/);

  const blocks = readBlocks(lines);
  const summaries = new Map<string, number>();
  lines.plain.forEach((line, i) => {
    const match = SUMMARY_LINE.exec(line);
    if (match) summaries.set(`${match[1]} ${match[2]}`, i);
  });
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  const interrupted = lastMatch(lines.plain, INTERRUPTED);
  if (interrupted !== -1) pieces.push({ at: interrupted, lines: [lines.raw[interrupted]!] });

  const placed = new Set<number>();
  for (const block of blocks) {
    const summaryAt = block.section === "FAILURES" ? summaryFor(block.header, summaries, placed) : undefined;
    if (summaryAt === undefined) {
      pieces.push({ at: block.at, lines: [lines.raw[block.at]!, ...explanation(lines, block, "")] });
      continue;
    }
    placed.add(summaryAt);
    const message = SUMMARY_LINE.exec(lines.plain[summaryAt]!)?.[3] ?? "";
    pieces.push({ at: summaryAt, lines: [lines.raw[summaryAt]!, ...explanation(lines, block, message)] });
  }
  for (const at of summaries.values()) if (!placed.has(at)) pieces.push({ at, lines: [lines.raw[at]!] });
  for (const at of tracebackLines(lines)) pieces.push({ at, lines: [lines.raw[at]!] });
  const asked = askedSummaryLines(lines);
  if (asked.length <= MAX_ASKED_SUMMARY_LINES) for (const at of asked) pieces.push({ at, lines: [lines.raw[at]!] });

  const failureBlocks = blocks.filter((b) => b.section === "FAILURES").length;
  const failedSummaries = [...summaries.keys()].filter((key) => key.startsWith("FAILED ")).length;
  const verboseFailed = new Set(lines.plain.map((line) => VERBOSE_FAILED.exec(line)?.[1]).filter(Boolean)).size;
  const failuresFound = failureBlocks || failedSummaries || verboseFailed;
  const errorBlocks = blocks.length - failureBlocks;
  const errorsFound = errorBlocks || [...summaries.keys()].filter((key) => key.startsWith("ERROR ")).length;
  // Errors are tallied apart from failures; both counts must match the runner's.
  if (errorsFound !== errors) return null;
  return { pieces, failuresFound, failuresTallied: failed, keepsErrors: errors > 0 };
}

function readBlocks(lines: RunLines): Block[] {
  const blocks: Block[] = [];
  let section: Block["section"] | null = null;
  let current: Block | null = null;
  lines.plain.forEach((line, i) => {
    const sectionName = SECTION.exec(line)?.[1];
    if (sectionName !== undefined && !BLOCK_HEADER.test(line)) {
      section = sectionName === "FAILURES" || sectionName === "ERRORS" ? sectionName : null;
      current = null;
      return;
    }
    if (!section) return;
    const header = BLOCK_HEADER.exec(line)?.[1];
    if (header !== undefined) {
      current = { at: i, header, section, lines: [] };
      blocks.push(current);
    } else if (current) current.lines.push(i);
  });
  return blocks;
}

/** The lines of the short test summary for tests that passed, skipped or xfailed. */
function askedSummaryLines(lines: RunLines): number[] {
  const found: number[] = [];
  let inSummary = false;
  lines.plain.forEach((line, i) => {
    const section = SECTION.exec(line)?.[1];
    if (section !== undefined) inSummary = section === "short test summary info";
    else if (inSummary && ASKED_SUMMARY_LINE.test(line)) found.push(i);
  });
  return found;
}

/**
 * `--tb=line` prints no block per failure, only one `path:line: Exception` line each under the
 * FAILURES header: where and what, the one line of explanation the run gives.
 */
function tracebackLines(lines: RunLines): number[] {
  const found: number[] = [];
  let inSection = false;
  lines.plain.forEach((line, i) => {
    if (BLOCK_HEADER.test(line)) inSection = false;
    else if (SECTION.test(line)) inSection = /^=+ (?:FAILURES|ERRORS) =+$/.test(line);
    else if (inSection && LOCATION.test(line)) found.push(i);
  });
  return found;
}

/**
 * `ChunkedTests.test_even` is the block title of `tests/x.py::ChunkedTests::test_even` (params kept
 * as printed). Two files may hold a test of the same name: each block takes the next summary line
 * not yet taken, in order, as pytest prints both in the same order.
 */
function summaryFor(header: string, summaries: Map<string, number>, placed: Set<number>): number | undefined {
  const bracket = header.indexOf("[");
  const name = bracket === -1 ? header : header.slice(0, bracket);
  const suffix = `::${name.replaceAll(".", "::")}${bracket === -1 ? "" : header.slice(bracket)}`;
  for (const [key, at] of summaries) if (key.startsWith("FAILED ") && key.endsWith(suffix) && !placed.has(at)) return at;
  return undefined;
}

function explanation(lines: RunLines, block: Block, message: string): string[] {
  const marked = (plain: string) => plain.startsWith(">") || plain.startsWith("E ") || plain === "E";
  // The `>` and `E` lines go only when the summary message already says every one of them.
  const said = block.lines.map((i) => lines.plain[i]!).filter(marked);
  // Only the long traceback (`--tb=long`, the default) marks its lines; other styles are already terse.
  if (!said.some((plain) => plain.startsWith(">"))) return withoutPytestFrames(lines, block);
  const restated =
    message !== "" && said.length > 0 && said.every((plain) => plain.slice(1).trim() !== "" && message.includes(plain.slice(1).trim()));
  const out: string[] = [];
  let captured = false;
  for (const i of block.lines) {
    const plain = lines.plain[i]!;
    if (CAPTURED.test(plain)) captured = true;
    else if (/^-+ .* -+$/.test(plain)) captured = false;
    if (captured || LOCATION.test(plain) || (marked(plain) && !restated)) out.push(lines.raw[i]!);
  }
  return out;
}

/** Frames inside pytest itself or Python's import machinery (`…/_pytest/…`, `importlib`, `<frozen …>`), as in a collection error. */
const RUNNER_FRAME = /^(?:\S*\/(?:_pytest\/\S+|importlib\/__init__\.py)|<frozen [\w.]+>):\d+: in /;

/** A terse block whole, minus the frames (location line and its code lines) that point into the runner. */
function withoutPytestFrames(lines: RunLines, block: Block): string[] {
  const out: string[] = [];
  let skipping = false;
  for (const i of block.lines) {
    const plain = lines.plain[i]!;
    if (LOCATION.test(plain) || plain.startsWith("E ")) skipping = RUNNER_FRAME.test(plain);
    if (!skipping) out.push(lines.raw[i]!);
  }
  return trimBlank(out);
}
