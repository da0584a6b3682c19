/**
 * Failure-dense output: each fold that makes it short enough to deliver (a repeated message or
 * stack pointing back, framework frames dropped, a wall of compiler errors without its excerpts,
 * a test program's own output shape-folded, busted's shared expected lines) keeps the runner's
 * tally cross-check and every failure line, and what the model reads holds every must-keep fact.
 */
import { describe, expect, test } from "bun:test";
import { carriesFailure, failureLines } from "../../src/base/failure.ts";
import { byteLength, stripAnsi } from "../../src/base/lines.ts";
import { expandSameAs } from "../../src/base/same-as.ts";
import { foldRepeatedEvidence } from "../../src/distillers/shared/repeats.ts";
import { distillWith } from "../helpers/distill.ts";
import { fixture, runFixture } from "../helpers/pipeline-run.ts";

const failedRun = (family: string, name: string) => {
  const f = fixture(family, name);
  return { f, out: distillWith(family as "test", f.text, { command: f.command, failed: true }) };
};

/** Every distinct failure line of the raw output is in the distilled one, read as the pipeline's fidelity check reads it. */
function keepsEveryFailureLine(raw: string, out: string): void {
  const plain = stripAnsi(expandSameAs(out));
  expect(failureLines(stripAnsi(raw)).filter((line) => !plain.includes(line))).toEqual([]);
}

describe("a message or stack printed whole before points back to it", () => {
  const blocks = [
    {
      label: "1)",
      lines: [
        "1) A::one",
        "Boom: the same placeholder twice",
        "",
        "/home/dev/app/src/Router/Parser.php:10",
        "/home/dev/app/src/Router/Collector.php:20",
        "/home/dev/app/test/ParserTest.php:5",
      ],
    },
    {
      label: "2)",
      lines: [
        "2) A::two",
        "Other: something else happened here",
        "",
        "/home/dev/app/src/Router/Parser.php:10",
        "/home/dev/app/src/Router/Collector.php:20",
        "/home/dev/app/test/ParserTest.php:5",
      ],
    },
    {
      label: "3)",
      lines: [
        "3) B::one",
        "Boom: the same placeholder twice",
        "",
        "/home/dev/app/src/Router/Parser.php:10",
        "/home/dev/app/src/Router/Collector.php:20",
        "/home/dev/app/test/ParserTest.php:5",
      ],
    },
    { label: "4)", lines: ["4) B::two", "Short: x", "/test/t.php:5"] },
  ];

  test("a block whose whole body was printed before becomes one pointer line; its header stays", () => {
    expect(foldRepeatedEvidence(blocks)[2]).toEqual(["3) B::one", "[same message and 3 frames as in 1) above]"]);
  });

  test("a stack printed before folds to a count of frames; the block's own message stays", () => {
    expect(foldRepeatedEvidence(blocks)[1]).toEqual(["2) A::two", "Other: something else happened here", "", "[3 frames as in 1) above]"]);
  });

  test("the first printing stays verbatim, and a short location is not worth a pointer", () => {
    const folded = foldRepeatedEvidence(blocks);
    expect(folded[0]).toEqual(blocks[0]!.lines);
    expect(folded[3]).toEqual(blocks[3]!.lines);
  });

  test("a list of two blocks is read at a glance: nothing folds", () => {
    expect(foldRepeatedEvidence([blocks[0]!, blocks[2]!])).toEqual([blocks[0]!.lines, blocks[2]!.lines]);
  });
});

describe("PHPUnit's numbered blocks", () => {
  test("repeat blocks point back, every test name and failure line stays, and the run fits the failed view", () => {
    const { f, out } = failedRun("test", "phpunit_fastroute_errors");
    expect(out).toContain(
      "6) FastRoute\\Dispatcher\\GroupCountBasedTest::testDuplicateVariableNameError\n[same message and 7 frames as in 1) above]",
    );
    keepsEveryFailureLine(f.text, out!);
    expect(byteLength(out!)).toBeLessThan(byteLength(f.text) / 2);
    const delivered = runFixture(f).delivered;
    expect(byteLength(delivered)).toBeLessThan(11_000);
    for (const needle of f.mustKeep) expect(delivered).toContain(needle);
  });

  test("the configuration warning PHPUnit printed before the run stays", () => {
    expect(failedRun("test", "phpunit_fastroute_errors").out).toContain("Warning - The configuration file did not pass validation!");
  });
});

describe("Jasmine", () => {
  test("its failures are read by its own tally: Jasmine's and the runtime's frames go, a repeated stack points back", () => {
    const { f, out } = failedRun("test", "h4_npm_test_marked_ordered_start_fail");
    expect(out).toContain("1605 specs, 52 failures");
    expect(out).not.toContain("at <Jasmine>");
    expect(out).not.toContain("node:internal/process/task_queues");
    expect(out).toContain("        [1 frame as in 2) above]");
    expect(out).toContain("3) CommonMark Lists should pass example 311\n  [same message and 1 frame as in 2) above]");
    keepsEveryFailureLine(f.text, out!);
    for (const needle of f.mustKeep) expect(runFixture(f).delivered).toContain(needle);
  });

  test("blocks that do not add up to the failure count hand back the raw bytes", () => {
    const { f } = failedRun("test", "h4_npm_test_marked_ordered_start_fail");
    const short = f.text.replace("52 failures", "53 failures");
    expect(distillWith("test", short, { failed: true })).toBeNull();
  });

  test("a passing run keeps the report the project's helpers printed before `Started`", () => {
    const f = fixture("test", "h4_npm_test_marked_jasmine_pass");
    expect(distillWith("test", f.text, { failed: false })).toContain("| Links                                    75 of  90   83% |");
  });
});

describe("mocha's numbered blocks", () => {
  test("a diff an earlier block printed whole points back to it; the block keeps its own location", () => {
    const { f, out } = failedRun("test", "h3_npm_test_js_yaml_octal_fail");
    expect(out).toContain("    [6 lines as in 2) above]\n      at /home/dev/src/node-js-yaml/test/25-dumper-fuzzy.js:44:16");
    keepsEveryFailureLine(f.text, out!);
  });
});

describe("TAP under a coverage wrapper", () => {
  test("`npx nyc tape` is read as the tape run it is: the harness's frames go, the first frame and the project's stay", () => {
    const f = fixture("test", "h2_nyc_tape_fastq_length_fail");
    const result = runFixture(f);
    expect(result.route).toBe("distilled");
    expect(result.delivered).not.toContain("node_modules/tape/lib/test.js:151:28");
    expect(result.delivered).toContain("at Test.assert [as _assert] (/home/dev/proj/fastq-1.20.3/node_modules/tape/lib/test.js:548:48)");
    expect(result.delivered).toContain("at Test.<anonymous> (/home/dev/proj/fastq-1.20.3/test/test.js:278:5)");
    for (const needle of f.mustKeep) expect(result.delivered).toContain(needle);
  });
});

describe("a wall of compiler errors", () => {
  test("keeps each error's location and message and its symbol lines, not the quoted source and carets", () => {
    const { f, out } = failedRun("build", "h5_javac_commons_csv_tests_missing_deps");
    expect(out).toContain(
      "src/test/java/org/apache/commons/csv/CSVBenchmark.java:52: error: cannot find symbol\n  symbol: class BenchmarkMode",
    );
    expect(out).not.toContain("import org.openjdk.jmh.annotations.Benchmark;");
    expect(out!.split("\n").some((line) => /^\s*\^\s*$/.test(line))).toBe(false);
    expect(out).toContain("84 errors");
    keepsEveryFailureLine(f.text, out!);
  });

  test("a few errors keep their excerpts whole", () => {
    const { f, out } = failedRun("build", "h5_javac_commons_csv_lexer_errors");
    const excerpt = f.text.split("\n").find((_, i, all) => /^\s*\^\s*$/.test(all[i + 1] ?? ""))!;
    expect(out).toContain(excerpt);
  });
});

describe("a test program's own output under a runner", () => {
  test("ctest --output-on-failure folds the program's passing lines and keeps its failing check", () => {
    const { f, out } = failedRun("test", "h5_ctest_output_on_failure_tinyxml2_hex_fail");
    expect(out).toContain("[fail] IntText() hex value test [8224][0]");
    expect(out).toMatch(/\[\d+ similar lines omitted\]/);
    expect(byteLength(out!)).toBeLessThan(byteLength(f.text) * 0.6);
    keepsEveryFailureLine(f.text, out!);
  });

  test("meson's error logs lose their rules, and a traceback printed before points back", () => {
    const { f, out } = failedRun("test", "h5_meson_test_print_errorlogs_fribidi_w7_fail");
    expect(out).not.toContain("―――――――――― ✀");
    expect(out).toContain("  [1 frame as in CapRTL_explicit above]");
    keepsEveryFailureLine(f.text, out!);
    for (const needle of f.mustKeep) expect(runFixture(f).delivered).toContain(needle);
  });
});

describe("busted", () => {
  test("its own tally reads the run; an expected value's lines shared with the passed-in value point back", () => {
    const { f, out } = failedRun("test", "h4_busted_argparse_usage_fail");
    expect(out).toContain("141 successes / 51 failures / 0 errors / 0 pending");
    expect(out).toContain("Expected:\n(string) 'Usage: foo [-h]\n\n[2 lines as in Passed in]");
    keepsEveryFailureLine(f.text, out!);
    for (const needle of f.mustKeep) expect(runFixture(f).delivered).toContain(needle);
  });

  test("its `Failure ->` headings are failure lines, and a count that disagrees hands back the raw bytes", () => {
    expect(carriesFailure("Failure -> spec/usage_spec.lua @ 5")).toBe(true);
    const f = fixture("test", "h4_busted_argparse_usage_fail");
    expect(distillWith("test", f.text.replace("51 failures", "50 failures"), { failed: true })).toBeNull();
  });
});
