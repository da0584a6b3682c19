/**
 * The generic stage's verdict fold (src/distillers/generic/verdicts.ts) on busybox's real
 * testsuite logs: every failing test's lines stay, every passing or skipped test is counted by
 * verdict in a summary line and the counts add up to the verdicts printed.
 */
import { describe, expect, test } from "bun:test";
import { splitLines } from "../../src/base/lines.ts";
import { foldVerdictBlocks } from "../../src/distillers/generic/verdicts.ts";
import { fixture } from "../helpers/pipeline-run.ts";

/** The tests the fold's summary lines say it omitted (`[68 tests omitted: 66 PASS, 2 SKIPPED]`). */
function omittedCounts(lines: string[]): number {
  const summaries = lines.filter((line) => /^\[\d+ tests? omitted: /.test(line));
  return summaries.flatMap((line) => [...line.matchAll(/(\d+) (?:PASS|SKIPPED|UNTESTED)\b/g)]).reduce((sum, m) => sum + Number(m[1]), 0);
}

describe("verdict fold", () => {
  for (const name of ["h2_busybox_runtest_nl_fail", "h2_busybox_runtest_v_nl_fail"]) {
    test(`${name}: every FAIL stays, the passing tests are counted exactly`, () => {
      const input = splitLines(fixture("test", name).text);
      const folded = foldVerdictBlocks(input)!;
      expect(folded).not.toBeNull();
      const fails = input.filter((line) => line.startsWith("FAIL: "));
      expect(fails.length).toBe(12);
      for (const line of fails) expect(folded.lines).toContain(line);
      const passing = input.filter((line) => /^(?:PASS|SKIPPED|UNTESTED): /.test(line)).length;
      expect(omittedCounts(folded.lines)).toBe(passing);
      expect(folded.lines.filter((line) => /^(?:PASS|SKIPPED|UNTESTED): /.test(line))).toEqual([]);
    });
  }

  test("the diff a harness prints after FAIL stays with the failing test", () => {
    const folded = foldVerdictBlocks(splitLines(fixture("test", "h2_busybox_runtest_v_nl_fail").text))!;
    const at = folded.lines.indexOf("FAIL: sed nonexistent label");
    expect(folded.lines.slice(at + 1, at + 5)).toEqual(["--- expected", "+++ actual", "@@ -1 +0,0 @@", "-yes"]);
  });

  test("what lies between two runs stays: automake's tally box, make's directory lines, the next run's command", () => {
    const input = splitLines(fixture("test", "h21_nettle_make_check_pass").text);
    const folded = foldVerdictBlocks(input)!;
    for (const line of ["All 112 tests passed", "Making check in examples", "All 3 tests passed"]) expect(folded.lines).toContain(line);
    expect(folded.lines.filter((line) => /^\[\d+ tests? omitted/.test(line))).toEqual([
      "[113 tests omitted: 112 PASS, 1 SKIP]",
      "[3 tests omitted: 3 PASS]",
    ]);
  });

  test("a few verdicts are no harness report", () => {
    expect(foldVerdictBlocks(["PASS: a", "PASS: b", "FAIL: c"])).toBeNull();
  });
});
