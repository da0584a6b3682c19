/**
 * TAP, as `node --test` (non-TTY default) and tape print it: `not ok N - name` with a YAML
 * diagnostic block, closed by `# tests` / `# pass` / `# fail` comments. A failing test keeps its
 * whole YAML block except timings and the frames inside the runtime or an installed package (the
 * test harness itself): the stack's first frame, where the error was raised, stays whatever it is. A suite that failed only
 * because its children did (`failureType: 'subtestsFailed'`) keeps its verdict and error line and
 * is not counted: `# fail` counts tests. A test file whose process failed (`error: 'test failed'`)
 * has its cause in what the process printed, which node --test relays as the `#` comment lines
 * above its `# Subtest:`: they stay, with the runtime's frames dropped.
 */
import { isToolFrame } from "../shared/frames.ts";
import { allMatches, countIn, lastMatch, type Piece, type RunLines, type RunReading } from "./reading.ts";

const FAIL_TALLY = /^# fail\s+(\d+)$/;
const TALLY = /^# (?:tests|suites|pass|fail|cancelled|skipped|todo)\s+\d+$/;
/** node --test and prove write `not ok 3 - name`; tape writes `not ok 57 should be equal`. */
const NOT_OK = /^(\s*)not ok \d+\b/;
const TEST_POINT = /^\s*(?:not )?ok \d+\b/;
const TIMING = /^\s*duration_ms: /;
const SUBTESTS_FAILED = /failureType: 'subtestsFailed'/;
const PROCESS_FAILED = /^\s*error: 'test failed'$/;
/** The relayed output kept for a failed test file, at most: its last lines, where the error is. */
const MAX_RELAYED = 40;

/** tape's closing verdict when nothing failed: it prints `# ok` and no `# fail` line. */
const TAPE_OK = /^# ok$/;

export function readTap(lines: RunLines): RunReading | null {
  const failAt = lastMatch(lines.plain, FAIL_TALLY);
  const okAt = failAt === -1 ? lastMatch(lines.plain, TAPE_OK) : -1;
  const passing = okAt !== -1 && lines.plain.slice(0, okAt).some((line) => /^# pass\s+\d+$/.test(line));
  if ((failAt === -1 && !passing) || !lines.plain.some((line) => /^TAP version \d+$|^1\.\.\d+$/.test(line.trim()))) return null;
  const pieces: Piece[] = [...allMatches(lines.plain, TALLY), ...(passing ? [okAt] : [])].map((i) => ({ at: i, lines: [lines.raw[i]!] }));
  let found = 0;
  const headings = new Set<number>();
  lines.plain.forEach((line, i) => {
    const indent = NOT_OK.exec(line)?.[1];
    if (indent === undefined) return;
    const heading = tapeHeading(lines, i);
    if (heading !== -1 && !headings.has(heading)) {
      headings.add(heading);
      pieces.push({ at: heading, lines: [lines.raw[heading]!] });
    }
    const yaml = yamlBlock(lines, i, indent.length + 2) ?? indentedBlock(lines, i, indent.length + 2);
    const text = yaml.map((k) => lines.plain[k]!);
    if (text.some((l) => SUBTESTS_FAILED.test(l))) {
      pieces.push({ at: i, lines: [lines.raw[i]!, ...yaml.filter((k) => /^\s*error: /.test(lines.plain[k]!)).map((k) => lines.raw[k]!)] });
      return;
    }
    if (!text.some((l) => /failureType: 'cancelledByParent'/.test(l))) found++;
    const firstFrame = yaml.find((k) => /^\s+at \S/.test(lines.plain[k]!));
    const kept = yaml.filter((k) => !TIMING.test(lines.plain[k]!) && (k === firstFrame || !isToolFrame(lines.plain[k]!)));
    const relayed = text.some((l) => PROCESS_FAILED.test(l)) ? relayedOutput(lines, i, indent) : [];
    // One piece per relayed line: a piece's lines are read as consecutive from its start.
    pieces.push(...relayed.map((k) => ({ at: k, lines: [lines.raw[k]!] })), {
      at: i,
      lines: [lines.raw[i]!, ...kept.map((k) => lines.raw[k]!)],
    });
  });
  return { pieces, failuresFound: found, failuresTallied: failAt === -1 ? 0 : countIn(lines.plain[failAt]!, FAIL_TALLY) };
}

/** tape names a test in a `# name` comment above its assertions (`not ok 158 should be deeply equivalent` says only which assertion). */
const TAPE_HEADING = /^# (?!(?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms)\b|ok$|Subtest: )\S/;

/** The heading of the test whose assertion `notOkAt` is: the nearest `# name` above it, past its other assertions. */
function tapeHeading(lines: RunLines, notOkAt: number): number {
  for (let i = notOkAt - 1; i >= 0; i--) {
    const line = lines.plain[i]!;
    if (TAPE_HEADING.test(line)) return i;
    if (!/^(?:ok \d+\b|not ok \d+\b|\s)/.test(line) && line.trim() !== "") return -1;
  }
  return -1;
}

/**
 * The `#` lines a failed test file's process printed, relayed right above its `# Subtest:` line
 * (a script's console output, an uncaught error with its source line and stack), the runtime's
 * frames left out.
 */
function relayedOutput(lines: RunLines, notOkAt: number, indent: string): number[] {
  let subtest = notOkAt - 1;
  while (subtest >= 0 && !lines.plain[subtest]!.startsWith(`${indent}# Subtest: `)) {
    if (NOT_OK.test(lines.plain[subtest]!)) return [];
    subtest--;
  }
  let start = subtest;
  while (start > 0) {
    const line = lines.plain[start - 1]!;
    if (!line.startsWith(`${indent}# `) || line.startsWith(`${indent}# Subtest: `) || TALLY.test(line.trim())) break;
    start--;
  }
  const relayed: number[] = [];
  for (let k = start; k < subtest; k++) if (!isToolFrame(lines.plain[k]!.slice(indent.length + 2))) relayed.push(k);
  return nestedFailures(lines, relayed, indent) ?? relayed.slice(-MAX_RELAYED);
}

/** The nested run's tally, its `#` escaped by node's relay: `\# fail  3`. */
const NESTED_TALLY = /^\\?# (?:fail|tests|pass)\s+\d+$/;

/**
 * When the file's process printed TAP of its own (a tape file run by node --test), relayed as
 * `# not ok 5 name` comments: its failing points with their diagnostics, and its tally, rather
 * than its last lines, which are mostly passing points.
 */
function nestedFailures(lines: RunLines, relayed: number[], indent: string): number[] | null {
  const prefix = `${indent}# `;
  const inner = (k: number) => lines.plain[k]!.slice(prefix.length);
  if (!relayed.some((k) => NOT_OK.test(inner(k)))) return null;
  const out: number[] = [];
  let inFailure = false;
  for (const k of relayed) {
    const line = inner(k);
    if (TEST_POINT.test(line)) inFailure = NOT_OK.test(line);
    else if (!/^\s/.test(line)) inFailure = false;
    if (inFailure || NESTED_TALLY.test(line)) out.push(k);
  }
  return out;
}

/** Line indexes of the `---` … `...` block right under a test point, at the given indent. */
function yamlBlock(lines: RunLines, at: number, indent: number): number[] | null {
  const pad = " ".repeat(indent);
  if (lines.plain[at + 1] !== `${pad}---`) return null;
  const out: number[] = [];
  for (let k = at + 1; k < lines.plain.length; k++) {
    out.push(k);
    if (lines.plain[k] === `${pad}...`) break;
  }
  return out;
}

/**
 * Mocha's TAP reporter writes a failure's error and stack as plain lines indented under the test
 * point, with no YAML fence: the run of lines right under it at the given indent or deeper.
 */
function indentedBlock(lines: RunLines, at: number, indent: number): number[] {
  const pad = " ".repeat(indent);
  const out: number[] = [];
  for (let k = at + 1; k < lines.plain.length && lines.plain[k]!.startsWith(pad) && !TEST_POINT.test(lines.plain[k]!); k++) out.push(k);
  return out;
}
