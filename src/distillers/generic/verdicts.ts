/**
 * Harnesses that print one verdict line per test (`PASS: name`, `FAIL: name`, `SKIPPED: name`:
 * busybox's runtest, automake's logs, many project scripts), often after the test's own output
 * (`runtest -v` echoes each test's script). A failing test's lines, from the verdict before it to
 * its own and on to the next separator or verdict (a diff printed after `FAIL:`), stay whole; a passing or skipped test's go, and each run of them becomes one line that
 * counts them by verdict, so nothing is claimed that was not seen. The header before the first
 * verdict and the tail after the last stay as printed, and so does what lies between two runs of
 * verdicts (automake's `All 112 tests passed` box, make's `Leaving directory`, the next run's command).
 */
import { stripAnsi } from "../../base/lines.ts";
import { isMakeChatter, statesTally } from "./shapes.ts";

const VERDICT = /^(PASS|FAIL|ERROR|XFAIL|XPASS|SKIP|SKIPPED|UNTESTED|UNSUPPORTED|UNRESOLVED)(?::| -) \S/;
const FAILING = new Set(["FAIL", "ERROR", "XPASS", "UNRESOLVED"]);
/** A line that opens the next test's output (`======` in busybox's runtest -v). */
const SEPARATOR = /^(?:={5,}|-{5,}|\*{5,})$/;
/** Fewer verdicts than this are not a harness's report. */
const MIN_VERDICTS = 10;

export interface VerdictFold {
  lines: string[];
  /** Lines removed. */
  folded: number;
}

export function foldVerdictBlocks(input: string[]): VerdictFold | null {
  const verdicts = input.map((line) => VERDICT.exec(stripAnsi(line))?.[1] ?? null);
  const count = verdicts.filter((v) => v !== null).length;
  if (count < MIN_VERDICTS || !verdicts.some((v) => v !== null && !FAILING.has(v))) return null;
  const out: string[] = [];
  let folded = 0;
  const omitted = new Map<string, number>();
  const flush = () => {
    if (omitted.size === 0) return;
    const total = [...omitted.values()].reduce((a, b) => a + b, 0);
    out.push(`[${total} test${total === 1 ? "" : "s"} omitted: ${[...omitted].map(([v, n]) => `${n} ${v}`).join(", ")}]`);
    omitted.clear();
  };
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const verdict = verdicts[i];
    if (verdict === null || verdict === undefined) continue;
    const block = input.slice(start, i + 1);
    if (FAILING.has(verdict)) {
      flush();
      out.push(...block);
      // What the harness prints after the verdict (the expected/actual diff) belongs to the failing test.
      let end = i + 1;
      while (end < input.length && verdicts[end] === null && !SEPARATOR.test(stripAnsi(input[end]!).trim())) end++;
      out.push(...input.slice(i + 1, end));
      start = end;
      i = end - 1;
      continue;
    }
    // The header before the first verdict is no test's output: it stays, and only the verdict line goes.
    // Nor is a block that ends one run and opens the next (a tally, make's directory lines).
    const header = start === 0 || block.slice(0, -1).some((line) => betweenRuns(stripAnsi(line)));
    if (header && start > 0) flush();
    if (header) out.push(...block.slice(0, -1));
    omitted.set(verdict, (omitted.get(verdict) ?? 0) + 1);
    folded += header ? 1 : block.length;
    start = i + 1;
  }
  flush();
  out.push(...input.slice(start));
  // Nothing worth a marker: a summary line costs more than the verdicts it would replace.
  if (folded <= count / 2) return null;
  return { lines: out, folded };
}

/** A line no test prints of itself: a run's tally, or make moving to the next directory. */
function betweenRuns(plain: string): boolean {
  return statesTally(plain) || isMakeChatter(plain);
}
