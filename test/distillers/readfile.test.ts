import { describe, expect, test } from "bun:test";
import { splitLines } from "../../src/base/lines.ts";
import readfile, { estimateLogTokens } from "../../src/distillers/readfile.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { fixture, runFixture } from "../helpers/pipeline-run.ts";

function distill(text: string, command: string, tool = "Bash"): string | null {
  return readfile.distill({ text, command, segments: [], failed: false, tool });
}

describe("readfile distiller", () => {
  test.each(["read_source_utils_ts", "read_source_help_js", "read_readme_md", "sed_n_window_printed_rs"])(
    "hands %s back byte for byte: the agent asked to see it",
    (name) => {
      const file = fixture("readfile", name);
      expect(estimateLogTokens(file.text)).toBeGreaterThan(1000);
      const result = runFixture(file);
      expect(result.delivered).toBe(file.text);
      expect(result.changed).toBe(false);
    },
  );

  test("summarises a big log with the error and warning counts it printed", () => {
    const { text, command } = fixture("readfile", "tail_http_access_log");
    const lines = splitLines(text);
    const serverErrors = lines.filter((line) => /" 5\d\d /.test(line)).length;
    const clientErrors = lines.filter((line) => /" 4\d\d /.test(line)).length;
    const out = distill(text, command)!;
    expect(out.split("\n")[0]).toBe(`Log: ${serverErrors} errors, ${clientErrors} warnings (${lines.length} lines)`);
  });

  test("counts every HTTP status of an access log", () => {
    const { text, command } = fixture("readfile", "tail_http_access_log");
    const statusLine = distill(text, command)!
      .split("\n")
      .find((line) => line.startsWith("HTTP status: "))!;
    const total = [...statusLine.matchAll(/×(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(total).toBe(splitLines(text).filter((line) => /" \d{3} /.test(line)).length);
  });

  test("keeps every error line of a log, each with its line number", () => {
    const { text } = fixture("readfile", "tail_dpkg_log");
    const lines = splitLines(text);
    // Real dpkg lines, three of them turned into errors the way a failed install logs them.
    for (const at of [10, 400, 790]) lines[at] = `${lines[at]} ERROR: subprocess returned error exit status 1`;
    const out = distill(lines.join("\n") + "\n", "tail -n 800 /var/log/dpkg.log")!;
    for (const at of [10, 400, 790]) expect(out).toContain(`${at + 1}: ${lines[at]}`);
    expect(out.split("\n")[0]).toBe("Log: 3 errors, 0 warnings (800 lines)");
  });

  test("keeps the counts a log states about itself: automake's test-suite.log opens with its tally", () => {
    const f = fixture("test", "h19_cat_test_suite_log_dateutils_leapp_400_negated_fail");
    const out = distill(f.text, f.command)!;
    expect(out).toContain("--- counts ---\n5: # TOTAL: 886\n6: # PASS:  866\n");
    expect(out).toContain("9: # FAIL:  20\n");
    // A count is no error line: `# ERROR: 0` says there were none.
    expect(out).not.toMatch(/--- errors[^]*# ERROR: 0/);
    expect(out).toContain("19: FAIL basic_md_get_yday (exit status: 1)");
  });

  test("knows a log by its leading timestamps; without them it needs a .log name", () => {
    const { text } = fixture("readfile", "cat_alternatives_log");
    expect(distill(text, "")).toBeNull();
    expect(distill(text, "cat /var/log/alternatives.log")).toStartWith("Log: ");
    const { text: dpkg } = fixture("readfile", "tail_dpkg_log");
    expect(distill(dpkg, "cat history")).toStartWith("Log: ");
  });
});

describe("readfile distiller declines", () => {
  test.each([
    ["a source file read with the Read tool", fixture("readfile", "read_source_utils_ts").text, "src/utils.ts", "Read"],
    ["a markdown file", fixture("readfile", "read_readme_md").text, "README.md", "Read"],
    [
      "a sed -n window of source",
      fixture("readfile", "sed_n_window_printed_rs").text,
      "sed -n '225,340p' crates/btctax-core/src/tax/printed.rs",
      "Bash",
    ],
    ["a log below the size floor", fixture("readfile", "upstream_nginx_access_log").text, "tail -n 200 /var/log/nginx/access.log", "Bash"],
    ["prose", fixture("readfile", "upstream_cat_plain").text, "cat notes.txt", "Bash"],
    ["JSON", fixture("structured", "npm_ls_json").text, "package-lock.json", "Read"],
    ["another tool's output (pytest)", fixture("test", "pytest_fail_chunked").text, "cat out.txt", "Bash"],
  ])("returns null for %s", (_label, text, command, tool) => {
    expect(distill(text, command, tool)).toBeNull();
  });
});

test("readfile distiller returns null for every fixture of the other families but the three that are logs", () => {
  const claimed = loadFixtures()
    // Held-out fixtures are measured by the bench, not listed here before their review.
    .filter((other) => other.family !== "readfile" && !other.holdout)
    .filter((other) => distill(other.text, other.command) !== null)
    .map((other) => `${other.family}/${other.name}`);
  // oUnit's `-verbose true` prints a log (`2026-12-03T10:54:58+00:00 devbox#00 I: …` on every line):
  // read from a file it is one, and the test program that printed it is no command that reads a file.
  // `cat test/test-suite.log` is a file read, and automake's test-suite.log a log by its name; CppUnit's,
  // read that way, is its runner's report.
  expect(claimed).toEqual([
    "test/h16_ounit_verbose_true_fileutils",
    "test/h19_cat_test_suite_log_dateutils_leapp_400_negated_fail",
    "generic/h23_cat_cpp_cppunit_test_suite_log",
  ]);
  const cppunit = loadFixtures("generic").find((f) => f.name === "h23_cat_cpp_cppunit_test_suite_log")!;
  const read = distill(cppunit.text, cppunit.command)!;
  expect(read).toContain("TestAssertTest.cpp:251:Assertion\nTest name: TestAssertTest::testAssertDoubleEqualsPrecision\nforced failure");
  expect(read).toContain("Run: 229   Failure total: 2   Failures: 2   Errors: 0");
  expect(read).not.toContain(" : OK");
});
