import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { routeCommand } from "../../src/core/route.ts";
import { byteLength, stripAnsi } from "../../src/base/lines.ts";
import { distillWith } from "../helpers/distill.ts";
import { FIXTURES_DIR, loadFixtures, type Fixture } from "../helpers/fixtures.ts";
import { percentSaved, runFixture, savedPercent } from "../helpers/pipeline-run.ts";

const fixtures = new Map(loadFixtures("test").map((f) => [f.name, f]));
function fixture(name: string): Fixture {
  const found = fixtures.get(name);
  if (!found) throw new Error(`no fixture test/${name}`);
  return found;
}
const other = (family: string, name: string) => readFileSync(join(FIXTURES_DIR, family, `${name}.txt`), "utf8");

describe("test distiller declines", () => {
  const declines: [string, string, boolean][] = [
    ["a dev-server banner", other("jsts", "upstream_vite_dev_server"), false],
    [
      "prose",
      "The test suite covers parsing and rendering. Most cases passed last week; two failed on CI\nbecause of a timezone issue, which we fixed by pinning TZ in the workflow.\n",
      false,
    ],
    ["JSON", '{"tests": 12, "passed": 12, "failed": 0, "duration_ms": 341}\n', false],
    ["another tool's output (git log)", other("git", "git_log_verbose15"), false],
    ["a build log with no test tally", other("build", "make_build_full"), false],
    ["a make test run whose programs print no runner tally", fixture("make_test_pass").text, false],
    ["pytest naming 2 failures under a tally of 3", fixture("upstream_pytest_fail").text, true],
    ["jest naming no failing test under a tally of 3 failed", fixture("upstream_jest_fail").text, true],
  ];
  for (const [what, text, failed] of declines) {
    test(`returns null for ${what}`, () => {
      expect(distillWith("test", text, { failed })).toBeNull();
    });
  }

  test("returns null when a failed run's tally shows no failure it could explain", () => {
    expect(distillWith("test", fixture("pytest_pass_q").text, { failed: true })).toBeNull();
    expect(distillWith("test", fixture("pytest_pass_q").text, { failed: false })).not.toBeNull();
  });

  test("returns null when pytest's error tally is not matched by its ERRORS blocks", () => {
    const text = fixture("pytest_v_mixed").text;
    const errors = text.slice(text.indexOf("==== ERRORS ===="), text.indexOf("==== FAILURES ===="));
    expect(distillWith("test", text, { failed: true })).not.toBeNull();
    expect(distillWith("test", text.replace(errors, "").replace(/^ERROR tests.*\n/m, ""), { failed: true })).toBeNull();
  });

  test("returns null when a failure block is missing (the count no longer matches the tally)", () => {
    const text = fixture("upstream_cargo_test_500")
      .text.replace("test module::perf::test_gc_pressure ... FAILED\n", "")
      .replace("    module::perf::test_gc_pressure\n", "");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});

describe("test distiller keeps the answer", () => {
  test("keeps every failing test of cargo_test_500 and its tally, and saves at least 93% with the marker", () => {
    const f = fixture("upstream_cargo_test_500");
    const result = runFixture(f);
    expect(result.route).toBe("distilled");
    const names = [...f.text.matchAll(/^test (\S+) \.\.\. FAILED$/gm)].map((m) => m[1]!);
    expect(names).toHaveLength(10);
    for (const name of names) expect(result.delivered).toContain(`test ${name} ... FAILED`);
    expect(result.delivered).toContain("test result: FAILED. 490 passed; 10 failed;");
    expect(result.delivered).not.toContain("... ok");
    expect(savedPercent(result)).toBeGreaterThanOrEqual(93.0);
  });

  test("a passing PHPUnit run that warned keeps its `WARNINGS!` verdict and the warning, plain and under --testdox", () => {
    const plain = distillWith("test", fixture("h14_phpunit_instantiator_pass").text, { failed: false })!;
    // The verdict is read as the verdict, next to the tally, not as the tail of the warning's block.
    expect(plain).toContain("WARNINGS!\nTests: 49, Assertions: 71, Warnings: 1.");
    expect(plain).toContain("1) DoctrineTest\\InstantiatorTest\\InstantiatorTest::testInstancesAreNotCloned");
    const testdox = distillWith("test", fixture("h14_phpunit_testdox_instantiator_pass").text, { failed: false })!;
    expect(testdox).toContain("Summary of non-successful tests:");
    expect(testdox).toContain(" ⚠ Instances are not cloned");
    expect(testdox.indexOf("WARNINGS!")).toBeGreaterThan(testdox.indexOf("assertObjectNotHasAttribute() is deprecated"));
  });

  test("PHPUnit 9's testdox summary is read whole: every failing test named once, a repeated message or frames pointing back", () => {
    const f = fixture("h22_phpunit_php_guzzle_psr7_testdox_negated_scheme_fail");
    const out = distillWith("test", f.text, { failed: true })!;
    const summary = f.text.slice(f.text.indexOf("Summary of non-successful tests:"));
    const failed = summary.split("\n").filter((line) => line.startsWith(" ✘ "));
    expect(failed).toHaveLength(187);
    for (const line of failed) expect(out).toContain(`\n${line}\n`);
    // The passing tests above the summary are gone; the 48 errors raised at one place, reached from
    // two test methods (UriResolverTest.php:25 and :48), print their frames once for each.
    expect(out).not.toContain(" ✔ ");
    expect(summary.split("\n").filter((line) => line === "   │ /home/dev/src/psr7-2.4.5/src/Uri.php:85")).toHaveLength(48);
    expect(out.split("\n").filter((line) => line === "   │ /home/dev/src/psr7-2.4.5/src/Uri.php:85")).toHaveLength(2);
    expect(out).toContain('   │ [3 frames as in "Resolve uri with data set #54" above]');
    expect(out).toContain("Tests: 987, Assertions: 1918, Errors: 48, Failures: 139, Warnings: 1, Skipped: 4.");
  });

  test("go test keeps each `[no test files]` package line: those tests did not run", () => {
    const f = fixture("h22_go_test_cover_gods_pass");
    const out = distillWith("test", f.text, { failed: false })!;
    const untested = f.text.split("\n").filter((line) => line.endsWith("[no test files]"));
    expect(untested.length).toBeGreaterThan(3);
    for (const line of untested) expect(out).toContain(`${line}\n`);
  });

  test("a gocheck suite inside go test keeps each failed check with gocheck's obtained and expected values, and its tally", () => {
    for (const name of ["h14_go_test_yaml_v2_on_resolves_false_fail", "h14_go_test_v_check_vv_yaml_v2_on_resolves_false_fail"]) {
      const out = distillWith("test", fixture(name).text, { failed: true })!;
      for (const line of [
        "FAIL: decode_test.go:775: S.TestDecoderSingleDocument",
        "decode_test.go:790:",
        "decode_test.go:759:",
        "OOPS: 31 passed, 2 FAILED",
      ])
        expect(out).toContain(line);
      expect(
        out.split("\n").filter((line) => line === '... expected map[string]interface {} = map[string]interface {}{"option":true}'),
      ).toHaveLength(2);
      // The tests' own log lines (`test 25: "option: on"`) are what the retrieve handle gives back.
      expect(out).not.toContain('test 25: "option: on"');
    }
  });

  test("a passing cargo test keeps each rustc warning's headline and location", () => {
    const f = fixture("h14_cargo_test_offline_unicode_segmentation_pass");
    const out = distillWith("test", f.text, { failed: false })!;
    const located = [...f.text.matchAll(/^warning: hiding a lifetime.*\n(\s+--> \S+)$/gm)].map((m) => m[1]!);
    expect(located).toHaveLength(9);
    for (const at of located) expect(out).toContain(at);
    expect(out).not.toContain("help: use `'_` for type paths");
  });

  test("delivers pytest_failures in at most 25% of its bytes before the marker, 34% with it", () => {
    const f = fixture("upstream_pytest_failures");
    const distilled = distillWith("test", f.text, { failed: true })!;
    expect(percentSaved(byteLength(f.text), byteLength(distilled))).toBeGreaterThanOrEqual(75);
    expect(savedPercent(runFixture(f))).toBeGreaterThanOrEqual(65);
  });

  test("keeps pytest collection errors, the interruption line and the error tally", () => {
    const out = distillWith("test", fixture("pytest_collection_syntaxerror").text, { failed: true })!;
    expect(out).toContain("ERROR collecting tests/test_more.py");
    expect(out).toContain("ERROR collecting tests/test_recipes.py");
    expect(out).toContain("E   SyntaxError: expected ':'");
    expect(out).toContain("Interrupted: 2 errors during collection");
    expect(out).toContain("tests/test_more.py:40: in <module>\n    import more_itertools as mi");
    expect(out).not.toContain("_pytest/python.py");
    expect(out).not.toContain("<frozen importlib._bootstrap>");
    expect(out.trimEnd().endsWith("2 errors in 1.26s")).toBe(true);
  });

  test("keeps unittest tracebacks into the project and drops unittest's own frames", () => {
    const out = distillWith("test", fixture("unittest_fail_chunked").text, { failed: true })!;
    expect(out).toContain('  File "/repo/more-itertools/tests/test_more.py", line 114, in f');
    expect(out).toContain("TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'");
    expect(out).not.toContain("unittest/case.py");
    expect(out.trimEnd().endsWith("Ran 705 tests in 5.405s\nFAILED (failures=10, errors=3)")).toBe(true);
  });

  test("keeps the ANSI colour of a vitest failure while matching it on plain text", () => {
    const out = distillWith("test", fixture("vitest_fail_ansi_color").text, { failed: true })!;
    expect(out).toContain("\u001b[31m\u001b[1mAssertionError\u001b[22m: expected 'foo/?k' to be 'foo/?k=' // Object.is equality\u001b[39m");
    expect(out).not.toContain("bar#abc");
  });

  test("drops passing lines: a passing run is its tally", () => {
    expect(distillWith("test", fixture("vitest_pass").text)).toBe(" Test Files  13 passed (13)\n      Tests  485 passed (485)\n");
    expect(distillWith("test", fixture("unittest_pass").text)).toBe("Ran 901 tests in 16.280s\nOK\n");
  });

  test("keeps a unittest script's closing sentence after the verdict, not the values a program prints there", () => {
    const skipped = distillWith("test", fixture("h12_tornado_runtests_pass").text)!;
    expect(skipped).toContain("OK (skipped=55)");
    expect(skipped).toContain("Some tests were skipped because: Prevent internet access during build,");
    expect(skipped).toContain("running as root, twisted module not present");
    expect(skipped).not.toContain("....");
    const printed = distillWith("test", fixture("h18_unittest_discover_parsedatetime_hundred_fail").text, { failed: true })!;
    expect(printed).toContain("FAILED (failures=1)");
    expect(printed).not.toMatch(/^lun$/m);
  });

  test("prints a source excerpt shared by many failures once, and every failure's own location", () => {
    const f = fixture("vitest_fail_trailing_slash");
    const out = distillWith("test", f.text, { failed: true })!;
    const failures = f.text.match(/^ FAIL {2}test\/normalize\.test\.ts > /gm)!.length;
    expect(out.match(/^ ❯ test\/normalize\.test\.ts:94:57$/gm)).toHaveLength(failures);
    const excerpt = "94|       expect(withoutTrailingSlash(normalizeURL(input))).toBe(";
    expect(f.text.split(excerpt).length - 1).toBe(failures);
    expect(out.split(excerpt).length - 1).toBe(1);
  });

  test("reads a failed run that never compiled as the build failure, every error block whole", () => {
    const f = fixture("cargo_test_compile_error");
    const out = distillWith("test", f.text, { failed: true })!;
    for (const needle of f.mustKeep) expect(out).toContain(needle);
    expect(out).not.toContain("Compiling rsdemo");
    expect(distillWith("test", f.text, { failed: false })).toBeNull();
  });

  test("keeps a jest suite that failed to run, without jest's own frames, apart from the test tally", () => {
    const out = distillWith("test", fixture("jest_suite_error_and_failures").text, { failed: true })!;
    expect(out).toContain("  ● Test suite failed to run\n\n    Cannot find module './does-not-exist' from 'broken.test.js'");
    expect(out).toContain("      at Object.require (broken.test.js:1:19)");
    expect(out).not.toContain("node_modules/jest-resolve");
  });

  test("keeps jest's closing line when it names the filter that chose the tests, and not the plain one", () => {
    const filtered = distillWith("test", fixture("h21_jest_t_empty_etag_length_check_uncaught").text, { failed: false })!;
    expect(filtered).toContain('Ran all test suites with tests matching "empty".');
    const whole = fixture("jest_coverage_pass").text;
    expect(whole).toContain("Ran all test suites.");
    expect(distillWith("test", whole, { failed: false })).not.toContain("Ran all test suites.");
  });

  test("finds vitest's failures after its tally, where a host appends stderr to stdout", () => {
    const f = fixture("vitest_fail_host_stderr_after_stdout");
    const out = distillWith("test", f.text, { failed: true });
    expect(out).not.toBeNull();
    expect(stripAnsi(out!).match(/^ FAIL {2}test\//gm)).toHaveLength(3);
  });

  test("keeps a coverage report the run printed, whole", () => {
    for (const name of ["jest_coverage_pass", "vitest_coverage_pass"]) {
      const f = fixture(name);
      const out = distillWith("test", f.text)!;
      const table = f.text.split("\n").filter((line) => line.includes("|"));
      expect(table.length).toBeGreaterThan(4);
      for (const row of table) expect(out).toContain(row);
    }
  });

  test("keeps SimpleCov's one-line summary under a test-unit run, passing or failing", () => {
    for (const [name, failed] of [
      ["h15_ruby_coderay_functional_suite_v_pass", false],
      ["h15_ruby_coderay_unit_suite_v_loc_empty_lines_fail", true],
    ] as const) {
      const f = fixture(name);
      const summary = f.text.split("\n").find((line) => line.startsWith("Coverage report generated for "))!;
      expect(summary).toMatch(/LOC \([\d.]+%\) covered\.$/);
      expect(distillWith("test", f.text, { failed })).toContain(summary);
    }
  });

  test("keeps compiler errors the test script printed outside the runner", () => {
    const f = fixture("npm_test_tsc_and_jest");
    const out = distillWith("test", f.text, { failed: true })!;
    for (const line of f.text.split("\n").filter((l) => l.includes(": error TS"))) expect(out).toContain(line);
    expect(out).toContain("  Type 'undefined' is not assignable to type 'Item'.");
  });

  test("keeps each failing TAP test's diagnostics and drops the runtime's own stack frames", () => {
    const out = distillWith("test", fixture("node_test_fail_camelcase").text, { failed: true })!;
    expect(out.match(/^ {4}not ok \d+ - /gm)).toHaveLength(5);
    expect(out).toContain("options.camelcase.test.js:12:12");
    expect(out).not.toContain("node:internal/test_runner");
    expect(out).toContain("# fail 5");
  });
});

describe("routing to the test distiller", () => {
  const commands = [
    "cargo test",
    "cargo nextest run",
    "pytest -q",
    "python3 -m pytest",
    "python -m unittest discover",
    "npx jest",
    "yarn jest",
    "pnpm exec vitest",
    "npx vitest run",
    "npm test",
    "bun test",
    "node --test",
    "npx mocha",
    "npx playwright test",
    "go test ./...",
    "uv run pytest",
  ];
  for (const command of commands) test(`routes ${command}`, () => expect(routeCommand(command).distiller).toBe("test"));
});

describe("cargo test under RUST_BACKTRACE=1", () => {
  test("keeps each panic's values and the frames into the crate; the standard library's frames and the hint go", () => {
    const f = loadFixtures("test").find((candidate) => candidate.name === "h10_cargo_test_heck_backtrace_fail")!;
    const out = distillWith("test", f.text, { command: f.command, failed: true })!;
    for (const needle of [
      ' right: "camel-case"',
      "   4: heck::kebab::tests::test1\n             at ./src/kebab.rs:54:17",
      "29 passed; 49 failed",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("core::panicking::panic_fmt");
    expect(out).not.toContain("at /rustc/");
    expect(out).not.toContain("RUST_BACKTRACE=full");
  });
});

describe("cargo test -- --nocapture on several threads", () => {
  test("keeps a failing test's panic, printed lines before its verdict, with the verdict", () => {
    const f = fixture("h19_cargo_test_number_prefix_lib_only_fail");
    const out = distillWith("test", f.text, { command: f.command, failed: true })!;
    expect(out).toContain(
      "test test::and_so_on ... FAILED\npanicked at src/lib.rs:310:36:\nindex out of bounds: the len is 8 but the index is 8\n",
    );
    expect(out).not.toContain("RUST_BACKTRACE=1");
    expect(out).toContain("19 passed; 1 failed");
  });
});

describe("pytest --tb=line", () => {
  test("keeps each failure's one `path:line: Exception` line from the FAILURES section", () => {
    const f = fixture("h19_pytest_x_tb_line_outcome_set_unwrapped_negated_fail");
    const out = distillWith("test", f.text, { command: f.command, failed: true })!;
    expect(out).toContain("/home/dev/src/outcome/src/outcome/_impl.py:58: outcome.AlreadyUsedError\n");
    expect(out).toContain("FAILED tests/test_async.py::test_asend - outcome.AlreadyUsedError");
    expect(out).not.toContain("collected 10 items");
  });
});

describe("pytest -rA", () => {
  test("keeps the short summary's PASSED lines the flag asked for, beside the FAILED one", () => {
    const f = fixture("h21_pytest_k_args_ra_yq_main_fail");
    const out = distillWith("test", f.text, { command: f.command, failed: true })!;
    expect(out).toContain("PASSED test/test.py::TestYq::test_yq_arg_passthrough\n");
    expect(out).toContain("FAILED test/test.py::TestYq::test_jq16_arg_passthrough - AssertionError: 3 no...\n");
  });
});

describe("go test -v -cover", () => {
  test("keeps the coverage figure printed on its own line above the package's ok", () => {
    const f = fixture("h21_go_test_v_cover_go_glob_pass");
    const out = distillWith("test", f.text, { command: f.command, failed: false })!;
    expect(out).toContain("coverage: 100.0% of statements\nok  \tgithub.com/ryanuber/go-glob");
    expect(out).not.toContain("--- PASS: TestGlob");
  });
});
