/**
 * Automake's parallel test harness (`make check`): the "Testsuite summary" box (`# TOTAL:`,
 * `# PASS:`, `# FAIL:`, `# ERROR:` …) is the tally, and each failing test is one `FAIL: name`,
 * `ERROR: name` or `XPASS: name` line; cmocka, CUnit and Check suites run inside it the same way.
 * The box is kept whole with the lines that point at the logs, every failing test's line, and
 * make's own error lines; the recursive-make chatter and the `PASS:` lines go. The failing lines
 * must add up to the box's FAIL + ERROR + XPASS.
 */
import { countIn, lastMatch, type Piece, type RunLines, type RunReading } from "./reading.ts";

const BOX_TITLE = /^Testsuite summary for /;
const BOX_RULE = /^={20,}$/;
const FAILING = /^(?:FAIL|ERROR|XPASS): \S/;
const COUNT = (kind: string) => new RegExp(`^# ${kind}:\\s+(\\d+)$`);

export function readAutomake(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const titleAt = lastMatch(plain, BOX_TITLE);
  if (titleAt === -1) return null;
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
  const box = plain.slice(from, to);
  const tallied = ["FAIL", "ERROR", "XPASS"].reduce((sum, kind) => sum + box.reduce((n, line) => n + countIn(line, COUNT(kind)), 0), 0);
  if (!box.some((line) => COUNT("TOTAL").test(line))) return null;
  const pieces: Piece[] = [{ at: from, lines: raw.slice(from, to) }];
  // `make check VERBOSE=1` prints test-suite.log after the box: a test's line may appear twice.
  const failing = new Set<string>();
  plain.forEach((line, i) => {
    if (i >= from && i < to) return;
    if (FAILING.test(line)) {
      failing.add(line.split(/\s+/).slice(0, 2).join(" "));
      pieces.push({ at: i, lines: [raw[i]!] });
    }
  });
  return { pieces, failuresFound: failing.size, failuresTallied: tallied };
}
