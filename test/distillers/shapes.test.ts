/**
 * The generic stage's line-shape miner (src/distillers/generic/shapes.ts) over real output: every
 * line with a signal survives, every marker's count is the number of lines it replaced, and
 * output without any signal is left alone.
 */
import { describe, expect, test } from "bun:test";
import { carriesSignal, foldShapes, foldShapesIn, shapeOf } from "../../src/distillers/generic/shapes.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

const MARKER = /^\[(\d+) similar lines omitted\]$/;
/** Every tuning fixture, some of them megabytes: on a loaded two-core machine this takes seconds. */
const CORPUS_TIMEOUT_MS = 60_000;
const TUNING = loadFixtures().filter((fixture) => !fixture.structured && !fixture.holdout);

describe("foldShapes on every tuning fixture", () => {
  test(
    "keeps every line that carries a signal, in order",
    () => {
      for (const fixture of TUNING) {
        const lines = fixture.text.split("\n");
        const folded = foldShapes(lines);
        if (!folded) continue;
        const out = folded.text.split("\n");
        let cursor = 0;
        for (const line of lines.filter((candidate) => !candidate.includes("\r") && candidate.trim() !== "" && carriesSignal(candidate))) {
          const at = out.indexOf(line, cursor);
          expect({ fixture: fixture.name, line, kept: at !== -1 }).toEqual({ fixture: fixture.name, line, kept: true });
          cursor = at;
        }
      }
    },
    CORPUS_TIMEOUT_MS,
  );

  test(
    "states only counts it saw: each marker replaces exactly that many input lines",
    () => {
      let markers = 0;
      for (const fixture of TUNING.filter((f) => !f.text.includes("\r"))) {
        const lines = fixture.text.split("\n");
        const folded = foldShapes(lines);
        if (!folded) continue;
        const out = folded.text.split("\n").filter((line) => !/^\[\d+ findings by code: /.test(line));
        const counted = out.reduce((sum, line) => sum + Number(MARKER.exec(line)?.[1] ?? 0), 0);
        const markerLines = out.filter((line) => MARKER.test(line)).length;
        markers += markerLines;
        expect({ fixture: fixture.name, lines: out.length - markerLines + counted }).toEqual({
          fixture: fixture.name,
          lines: lines.length,
        });
        expect(counted).toBe(folded.folded);
      }
      expect(markers).toBeGreaterThan(20);
    },
    CORPUS_TIMEOUT_MS,
  );
});

describe("foldShapes", () => {
  const passing = (n: number) => Array.from({ length: n }, (_, i) => `ok ${i + 1} - case ${i + 1}`);

  test("keeps the output's first line, a run's first and last line, and counts the rest", () => {
    const out = foldShapesIn([...passing(10), "1..10", "# pass 10", ""].join("\n"))!;
    expect(out).toBe(
      ["ok 1 - case 1", "ok 2 - case 2", "[7 similar lines omitted]", "ok 10 - case 10", "1..10", "# pass 10", ""].join("\n"),
    );
  });

  test("leaves output with no failure, warning or tally alone (a script's rows may be the answer)", () => {
    expect(foldShapesIn(Array.from({ length: 50 }, (_, i) => `row ${i}: value ${i * 7}`).join("\n"))).toBeNull();
  });

  test("a ruled table's rows are the answer: strace -c keeps every syscall row, and a rule with no header above it is no table", () => {
    const strace = loadFixtures("system-ops").find((f) => f.name === "h13_strace_c_json_c_test_cast")!.text;
    const lines = strace.split("\n");
    const header = lines.findIndex((line) => line.startsWith("% time"));
    const total = lines.findIndex((line) => / total$/.test(line));
    const out = foldShapesIn(strace) ?? strace;
    for (const row of lines.slice(header, total + 1)) expect(out).toContain(row);
    // The same rows under a rule with nothing above it: repetition again.
    const headless = ["ok 1 - starts", "", ...lines.slice(header + 1, total + 1), "# pass 1"].join("\n");
    expect(foldShapesIn(headless)).toContain("similar lines omitted");
  });

  test("a unified diff's changed lines are the answer: every `-`/`+` line of each hunk stays, however alike", () => {
    const log = loadFixtures("test").find((f) => f.name === "h14_meson_test_print_errorlogs_serd_dot_dot_segment_fail")!.text;
    const lines = log.split("\n");
    const firstHunk = lines.findIndex((line) => line.startsWith("@@ "));
    const changed = lines.slice(firstHunk).filter((line) => /^[-+]</.test(line));
    expect(changed.length).toBeGreaterThan(20);
    const out = foldShapesIn(log)!;
    for (const line of changed) expect(out).toContain(line);
    // The hunk's unchanged context is repetition again.
    expect(out).toContain("similar lines omitted");
  });

  test("a harness's diff with no hunk header (`--- expected` / `+++ got`, libzip's runtest): every `-`/`+` line stays", () => {
    const log = loadFixtures("test").find((f) => f.name === "h20_libzip_runtest_v_name_locate_nocase_swap_fail")!.text;
    const changed = log.split("\n").filter((line) => /^[-+][^-+]/.test(line));
    expect(changed).toContain("-name 'TeSt' using flags 'C' found at index 0");
    const out = foldShapesIn(log) ?? log;
    for (const line of changed) expect(out).toContain(line);
  });

  test("keeps a failure with the lines that explain it, and the line before it", () => {
    const lines = [
      ...passing(6),
      "not ok 7 - parses dates",
      "#   Failed test 'parses dates'",
      "#          got: '3'",
      "#     expected: '4'",
      ...passing(12).slice(7),
      "# fail 1",
    ];
    const out = foldShapesIn(lines.join("\n"))!;
    expect(out).toContain(
      "ok 6 - case 6\nnot ok 7 - parses dates\n#   Failed test 'parses dates'\n#          got: '3'\n#     expected: '4'\n",
    );
  });

  test("a checker's clean verdict per file is repetition, and a run of them alone is a log", () => {
    // php -l over a tree, each file its own invocation through xargs: the verdict names "errors".
    const clean = Array.from({ length: 40 }, (_, i) => `No syntax errors detected in src/Carbon/Traits/T${i}.php`);
    expect(foldShapesIn(clean.join("\n"))).toBe([clean[0], clean[1], "[36 similar lines omitted]", clean[38], clean[39]].join("\n"));
    const broken = [
      ...clean.slice(0, 20),
      'PHP Parse error:  syntax error, unexpected token "}" in src/A.php on line 9',
      ...clean.slice(20),
    ];
    expect(foldShapesIn(broken.join("\n"))).toContain("PHP Parse error:  syntax error, unexpected token");
  });

  test("a TAP point is read by its verdict, not by its name: `not ok` is never folded, a passing `ok` whose name says fail folds with its kind", () => {
    const failing = [...passing(5), "not ok 6 - subprocess failed to get lock", ...passing(12).slice(6), "# pass 11", "# fail 1"];
    expect(foldShapesIn(failing.join("\n"))).toContain("not ok 6 - subprocess failed to get lock");
    // Type::Tiny's `ok 49 - Filehandle should fail Int`: thousands of passing points that name a failure.
    const named = [...passing(5), "ok 6 - subprocess failed to get lock", ...passing(12).slice(6), "# pass 12"];
    expect(foldShapesIn(named.join("\n"))).not.toContain("ok 6 - subprocess failed to get lock");
  });

  test("shows a carriage-return progress line as its last frame and says so", () => {
    const out = foldShapesIn("Cloning into 'x'...\nReceiving objects:  10% (1/10)\rReceiving objects: 100% (10/10), done.\n")!;
    expect(out).toBe("Cloning into 'x'...\nReceiving objects: 100% (10/10), done.\n[1 progress lines shown as their last frame]\n");
  });

  test("a word inside a path states nothing: a listing's `gtest-assertion-result.h` carries no signal, a killed process does", () => {
    expect(carriesSignal("/usr/include/gtest/gtest-assertion-result.h")).toBe(false);
    expect(carriesSignal("tests/test_errors.py::test_parse PASSED")).toBe(false);
    expect(carriesSignal("error: cannot open /usr/include/gtest/gtest.h")).toBe(true);
    expect(carriesSignal("[pid 12435] +++ killed by SIGABRT +++")).toBe(true);
  });

  test("a word inside a symbol's name states nothing: a symbol table's `ares_timeout` and `completed.0` carry no signal", () => {
    expect(carriesSignal("    76: 00000000000106a0   345 FUNC    GLOBAL DEFAULT   12 ares_timeout")).toBe(false);
    expect(carriesSignal("     5: 0000000000016020     1 OBJECT  LOCAL  DEFAULT   22 completed.0")).toBe(false);
    expect(carriesSignal("panic: test timed out after 10m0s")).toBe(true);
    expect(carriesSignal("TimeoutError: waited 5000ms")).toBe(true);
    expect(carriesSignal("Build completed in 2.1s")).toBe(true);
    expect(carriesSignal("npm ls: UNMET DEPENDENCY left-pad@^1.3.0")).toBe(true);
  });

  test("a redrawn line's frame that states a failure stays on its own line above the last frame", () => {
    const line =
      "[*] textutil PASS splitn-1.2\r[*] textutil FAIL splitn-1.3\r[*] textutil PASS splitn-2.1\r[ ] textutil ~~ T 122 P 121 F 1";
    const out = foldShapesIn(`Starting ...\n${line}\nFailed 1 of 122\n`)!;
    expect(out).toBe(
      "Starting ...\n[*] textutil FAIL splitn-1.3\n[ ] textutil ~~ T 122 P 121 F 1\nFailed 1 of 122\n[1 progress lines shown as their last frame]\n",
    );
  });

  test("abstracts numbers, paths and quoted strings out of a line's first two words", () => {
    expect(shapeOf("ok 12 - parses")).toBe(shapeOf("ok 7 - other name"));
    expect(shapeOf("make[2]: Entering directory '/a'")).toBe(shapeOf("Making all in src"));
    expect(shapeOf("checking for gcc... yes")).not.toBe(shapeOf("config.status: creating Makefile"));
  });

  test("abstracts a call's arguments split over its first words, and keeps the call's name", () => {
    // CppUTest -v: one line per passing test, the group and the test as the macro's arguments.
    expect(shapeOf("TEST(TeamCityOutputTest, PrintTestStarted) - 0 ms")).toBe(shapeOf("TEST(MemoryLeakWarningTest, Ignore2) - 1 ms"));
    expect(shapeOf("TEST(TeamCityOutputTest, PrintTestStarted) - 0 ms")).not.toBe(
      shapeOf("IGNORE_TEST(TeamCityOutputTest, PrintTestStarted) - 0 ms"),
    );
  });
});
