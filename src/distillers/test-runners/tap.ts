/**
 * TAP, as `node --test` (non-TTY default) and tape print it: `not ok N - name` with a YAML
 * diagnostic block, closed by `# tests` / `# pass` / `# fail` comments. A failing test keeps its
 * whole YAML block except timings and the frames inside the runtime or an installed package (the
 * test harness itself): the stack's first frame, where the error was raised, stays whatever it is. A suite that failed only
 * because its children did (`failureType: 'subtestsFailed'`) keeps its verdict and error line and
 * is not counted: `# fail` counts tests.
 */
import { isToolFrame } from "../shared/frames.ts";
import { allMatches, countIn, lastMatch, type Piece, type RunLines, type RunReading } from "./reading.ts";

const FAIL_TALLY = /^# fail\s+(\d+)$/;
const TALLY = /^# (?:tests|suites|pass|fail|cancelled|skipped|todo)\s+\d+$/;
/** node --test and prove write `not ok 3 - name`; tape writes `not ok 57 should be equal`. */
const NOT_OK = /^(\s*)not ok \d+\b/;
const TIMING = /^\s*duration_ms: /;
const SUBTESTS_FAILED = /failureType: 'subtestsFailed'/;

export function readTap(lines: RunLines): RunReading | null {
  const failAt = lastMatch(lines.plain, FAIL_TALLY);
  if (failAt === -1 || !lines.plain.some((line) => /^TAP version \d+$|^1\.\.\d+$/.test(line.trim()))) return null;
  const pieces: Piece[] = allMatches(lines.plain, TALLY).map((i) => ({ at: i, lines: [lines.raw[i]!] }));
  let found = 0;
  lines.plain.forEach((line, i) => {
    const indent = NOT_OK.exec(line)?.[1];
    if (indent === undefined) return;
    const yaml = yamlBlock(lines, i, indent.length + 2);
    const text = yaml.map((k) => lines.plain[k]!);
    if (text.some((l) => SUBTESTS_FAILED.test(l))) {
      pieces.push({ at: i, lines: [lines.raw[i]!, ...yaml.filter((k) => /^\s*error: /.test(lines.plain[k]!)).map((k) => lines.raw[k]!)] });
      return;
    }
    if (!text.some((l) => /failureType: 'cancelledByParent'/.test(l))) found++;
    const firstFrame = yaml.find((k) => /^\s+at \S/.test(lines.plain[k]!));
    const kept = yaml.filter((k) => !TIMING.test(lines.plain[k]!) && (k === firstFrame || !isToolFrame(lines.plain[k]!)));
    pieces.push({ at: i, lines: [lines.raw[i]!, ...kept.map((k) => lines.raw[k]!)] });
  });
  return { pieces, failuresFound: found, failuresTallied: countIn(lines.plain[failAt]!, FAIL_TALLY) };
}

/** Line indexes of the `---` … `...` block right under a test point, at the given indent. */
function yamlBlock(lines: RunLines, at: number, indent: number): number[] {
  const pad = " ".repeat(indent);
  if (lines.plain[at + 1] !== `${pad}---`) return [];
  const out: number[] = [];
  for (let k = at + 1; k < lines.plain.length; k++) {
    out.push(k);
    if (lines.plain[k] === `${pad}...`) break;
  }
  return out;
}
