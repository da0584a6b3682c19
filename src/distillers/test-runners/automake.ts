/**
 * Automake's parallel test harness (`make check`): the "Testsuite summary" box (`# TOTAL:`,
 * `# PASS:`, `# FAIL:`, `# ERROR:` …) is the tally, and each failing test is one `FAIL: name`,
 * `ERROR: name` or `XPASS: name` line; cmocka, CUnit and Check suites run inside it the same way.
 * The box is kept whole with the lines that point at the logs, every failing test's line, and
 * make's own error lines; the recursive-make chatter and the `PASS:` lines go. The failing lines
 * must add up to the box's FAIL + ERROR + XPASS. An expected failure's `XFAIL: name` line stays
 * too, uncounted: the box counts it, and only this line names it.
 */
import { countIn, type Piece, type RunLines, type RunReading } from "./reading.ts";

const BOX_TITLE = /^Testsuite summary for /;
const BOX_RULE = /^={20,}$/;
const FAILING = /^(?:FAIL|ERROR|XPASS): \S/;
const EXPECTED_FAILURE = /^XFAIL: \S/;
const COUNT = (kind: string) => new RegExp(`^# ${kind}:\\s+(\\d+)$`);

/** The box around a "Testsuite summary for" title: its rules, its `#` counts, the lines pointing at logs. */
function boxAt(plain: string[], titleAt: number): { from: number; to: number } {
  let from = titleAt;
  while (from > 0 && BOX_RULE.test(plain[from - 1]!)) from--;
  let to = titleAt + 1;
  let rules = 0;
  while (
    to < plain.length &&
    rules < 3 &&
    (plain[to]!.startsWith("#") || BOX_RULE.test(plain[to]!) || /^(?:See |Please report)/.test(plain[to]!))
  ) {
    if (BOX_RULE.test(plain[to]!)) rules++;
    to++;
  }
  return { from, to };
}

/** A recursive `make check` prints one box per test directory (gnulib's, then the project's): each is kept and tallied. */
export function readAutomake(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const boxes = plain.flatMap((line, i) => (BOX_TITLE.test(line) ? [boxAt(plain, i)] : []));
  if (boxes.length === 0) return null;
  let tallied = 0;
  for (const { from, to } of boxes) {
    const box = plain.slice(from, to);
    if (!box.some((line) => COUNT("TOTAL").test(line))) return null;
    tallied += ["FAIL", "ERROR", "XPASS"].reduce((sum, kind) => sum + box.reduce((n, line) => n + countIn(line, COUNT(kind)), 0), 0);
  }
  const pieces: Piece[] = boxes.map(({ from, to }) => ({ at: from, lines: raw.slice(from, to) }));
  const inBox = (i: number) => boxes.some(({ from, to }) => i >= from && i < to);
  // `make check VERBOSE=1` prints test-suite.log after the box: a test's line may appear twice.
  const failing = new Set<string>();
  plain.forEach((line, i) => {
    if (inBox(i)) return;
    if (EXPECTED_FAILURE.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
    if (FAILING.test(line)) {
      failing.add(line.split(/\s+/).slice(0, 2).join(" "));
      const end = logSectionEnd(plain, i);
      const shown = Math.min(end, i + MAX_SECTION_LINES);
      // The section's underline goes: the head says which test it is.
      const body = end > i + 1 ? raw.slice(i + 2, shown) : [];
      pieces.push({ at: i, lines: [raw[i]!, ...body, ...(end > shown ? [`[${end - shown} more lines of its log]`] : [])] });
    }
  });
  return { pieces, failuresFound: failing.size, failuresTallied: tallied };
}

/** test-suite.log's section of a test: its `FAIL: name` head, underlined, then what the test printed. */
const SECTION_RULE = /^=+$/;
const SECTION_HEAD = /^(?:PASS|FAIL|SKIP|XFAIL|ERROR|XPASS): \S/;
const SECTION_VERDICT = /^(?:FAIL|ERROR|XPASS) \S+ \(exit status: \d+\)$/;
/** Lines of one failing test's log section kept, at most: its first, where its mismatches start; the rest is counted. */
const MAX_SECTION_LINES = 40;

/**
 * One past the end of the log section a failing line opens (`make check VERBOSE=1`, `cat
 * test-suite.log`): the test's own output, up to its `FAIL name (exit status: 1)` line or the next
 * section. A failing line with no underline is the harness's one-line verdict: itself only.
 */
function logSectionEnd(plain: string[], at: number): number {
  if (!SECTION_RULE.test(plain[at + 1] ?? "") || plain[at + 1]!.length !== plain[at]!.length) return at + 1;
  let end = at + 2;
  while (end < plain.length) {
    const line = plain[end]!;
    if (SECTION_VERDICT.test(line)) return end + 1;
    if (BOX_RULE.test(line) || (SECTION_HEAD.test(line) && SECTION_RULE.test(plain[end + 1] ?? ""))) break;
    end++;
  }
  return end;
}
