/**
 * The test distiller on JUnit's two text runners: the JUnit Platform console launcher (tree,
 * `Failures (N):` section, summary box) and JUnit 4's JUnitCore (`1) test(pkg.Class)` blocks,
 * `Tests run: N,  Failures: F`). Each keeps every failing test's name, exception and frames into
 * the project, drops the passing tests and the JDK's and runner's frames, and refuses a reading
 * whose failures do not add up to the runner's count.
 */
import { describe, expect, test } from "bun:test";
import { readJunit } from "../../src/distillers/test-runners/junit.ts";
import { toToolLines } from "../../src/distillers/shared/pieces.ts";
import { stripAnsi } from "../../src/base/lines.ts";
import { distillWith } from "../helpers/distill.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { fixture, runFixture, savedPercent } from "../helpers/pipeline-run.ts";

const distill = (name: string, text = fixture("test", name).text) => {
  const f = fixture("test", name);
  return distillWith("test", text, { command: f.command, failed: (f.exitCode ?? 0) !== 0 });
};

/** A frame of the JDK's reflection or the runner's dispatch: the same under every failure. */
const RUNTIME_FRAME = /^\s*(?:at )?(?:java\.base\/|jdk\.internal\.|org\.junit\.(?:runners|platform|jupiter\.engine)\.)/m;

describe("JUnit Platform console launcher", () => {
  test("a failed run is the failing test's tree line, its name, exception and project frame, and the counts", () => {
    const out = stripAnsi(distill("h5_junit_console_commons_csv_start_of_line_fail")!);
    expect(out).toBe(
      [
        "│  │  ├─ testEmptyLineBehaviorCSV() ✘ expected: <1> but was: <2>",
        "Failures (1):",
        "",
        "  JUnit Jupiter:CSVParserTest:testEmptyLineBehaviorCSV()",
        "    => org.opentest4j.AssertionFailedError: expected: <1> but was: <2>",
        "       org.apache.commons.csv.CSVParserTest.testEmptyLineBehaviorCSV(CSVParserTest.java:346)",
        "",
        "Test run finished after 1464 ms",
        "[         0 containers aborted    ]",
        "[         0 containers failed     ]",
        "[       308 tests found           ]",
        "[         5 tests skipped         ]",
        "[         0 tests aborted         ]",
        "[       302 tests successful      ]",
        "[         1 tests failed          ]",
        "",
      ].join("\n"),
    );
  });

  test("keeps all 13 failures of a run, each with its exception, and none of the 290 passing tests", () => {
    const out = stripAnsi(distill("h5_junit_console_commons_csv_unmodified")!);
    const headers = out.split("\n").filter((line) => line.startsWith("  JUnit Jupiter:"));
    expect(headers).toHaveLength(13);
    expect(out).toContain("  JUnit Jupiter:JiraCsv248Test:testJiraCsv248()");
    expect(out).toContain("org.apache.commons.csv.issues.JiraCsv248Test.testJiraCsv248(JiraCsv248Test.java:54)");
    expect(out.match(/=> java\.lang\.NullPointerException/g)).toHaveLength(13);
    expect(out).not.toContain("✔");
    expect(out).not.toContain("MethodSource [");
    expect(out).not.toMatch(RUNTIME_FRAME);
  });

  test("a passing run is its summary box", () => {
    expect(distill("h5_junit_console_commons_csv_pass")).toBe(
      [
        "Test run finished after 1405 ms",
        "[         0 containers aborted    ]",
        "[         0 containers failed     ]",
        "[       308 tests found           ]",
        "[         5 tests skipped         ]",
        "[         0 tests aborted         ]",
        "[       303 tests successful      ]",
        "[         0 tests failed          ]",
        "",
      ].join("\n"),
    );
  });

  test("the vintage engine's 58 failures in a fifth of a 265 KB run; JUnit's own frames are kept when JUnit is the project", () => {
    const out = stripAnsi(distill("h2_junit_console_vintage_junit4_tree_fail")!);
    expect(out.split("\n").filter((line) => line.startsWith("  JUnit Vintage:"))).toHaveLength(58);
    expect(out.split("\n").filter((line) => /[├└]─ .*✘/.test(line))).toHaveLength(58);
    expect(out).toContain("org.junit.tests.experimental.max.MaxStarterTest.correctErrorFromMalformedTest(MaxStarterTest.java:255)");
    expect(out).not.toContain("NativeMethodAccessorImpl");
    expect(out.length * 5).toBeLessThan(fixture("test", "h2_junit_console_vintage_junit4_tree_fail").text.length);
  });

  test("refuses a reading when the box counts more failures than the Failures section holds", () => {
    const text = fixture("test", "h5_junit_console_commons_csv_start_of_line_fail").text.replace(
      "[         1 tests failed          ]",
      "[         2 tests failed          ]",
    );
    expect(readJunit(toToolLines(text))).toMatchObject({ failuresFound: 1, failuresTallied: 2 });
    expect(distill("h5_junit_console_commons_csv_start_of_line_fail", text)).toBeNull();
  });

  test("without a Failures section, the tree's ✘ lines are the failures read and counted", () => {
    const lines = fixture("test", "h5_junit_console_commons_csv_start_of_line_fail").text.split("\n");
    const from = lines.indexOf("Failures (1):");
    const to = lines.findIndex((line) => line.startsWith("Test run finished after"));
    const text = [...lines.slice(0, from), ...lines.slice(to)].join("\n");
    const reading = readJunit(toToolLines(text))!;
    expect(reading).toMatchObject({ failuresFound: 1, failuresTallied: 1 });
    expect(stripAnsi(reading.pieces.flatMap((piece) => piece.lines).join("\n"))).toContain(
      "├─ testEmptyLineBehaviorCSV() ✘ expected: <1> but was: <2>",
    );
  });

  test("refuses a reading when the section announces more failures than it has blocks", () => {
    const text = fixture("test", "h5_junit_console_commons_csv_unmodified").text.replace("Failures (13):", "Failures (14):");
    const reading = readJunit(toToolLines(text))!;
    expect(reading.failuresFound).not.toBe(reading.failuresTallied);
  });
});

describe("JUnitCore (JUnit 4)", () => {
  test("a failed run is each numbered failure with its message and the test's own frame, the verdict and the tally", () => {
    expect(distill("h3_junitcore_codec_soundextest_fail")).toBe(
      [
        "Time: 0.136",
        "There were 4 failures:",
        "",
        "1) testMsSqlServer3(org.apache.commons.codec.language.SoundexTest)",
        "org.junit.ComparisonFailure: expected:<S3[1]5> but was:<S3[2]5>",
        "\tat org.apache.commons.codec.language.SoundexTest.testMsSqlServer3(SoundexTest.java:302)",
        "",
        "2) testEncodeBatch2(org.apache.commons.codec.language.SoundexTest)",
        "org.junit.ComparisonFailure: expected:<K[1]52> but was:<K[2]52>",
        "\tat org.apache.commons.codec.language.SoundexTest.testEncodeBatch2(SoundexTest.java:136)",
        "",
        "3) testEncodeBasic(org.apache.commons.codec.language.SoundexTest)",
        "org.junit.ComparisonFailure: expected:<O[1]60> but was:<O[2]60>",
        "\tat org.apache.commons.codec.language.SoundexTest.testEncodeBasic(SoundexTest.java:119)",
        "",
        "4) testHWRuleEx2(org.apache.commons.codec.language.SoundexTest)",
        "org.junit.ComparisonFailure: expected:<B3[1]2> but was:<B3[2]2>",
        "\tat org.apache.commons.codec.language.SoundexTest.testHWRuleEx2(SoundexTest.java:240)",
        "",
        "FAILURES!!!",
        "Tests run: 31,  Failures: 4",
        "",
      ].join("\n"),
    );
  });

  test("keeps all 78 failures and their causes, a frame run shown once, and reaches the model with every must-keep", () => {
    const f = fixture("test", "h3_junitcore_commons_codec_soundex_fail");
    const out = distill("h3_junitcore_commons_codec_soundex_fail")!;
    for (let n = 1; n <= 78; n++) expect(out).toMatch(new RegExp(`^${n}\\) \\w+`, "m"));
    // Every distinct cause is printed; a block whose cause an earlier block printed points back to it.
    expect(new Set(out.match(/^Caused by: .*$/gm))).toEqual(new Set(f.text.match(/^Caused by: .*$/gm)));
    const blocksOf = (text: string) => text.split(/^(?=\d+\) \w)/m).slice(1);
    const caused = blocksOf(f.text).map((block) => /^Caused by: /m.test(block));
    blocksOf(out).forEach((block, k) => {
      if (caused[k]) expect(block).toMatch(/^Caused by: |^\[[^\]]* as in \d+\) above\]$/m);
    });
    // An abstract test class fails the same way in six tests: its one frame is shown once.
    expect(out.match(/^\tat .*InstantiationExceptionConstructorAccessorImpl/gm)).toHaveLength(1);
    expect(out).not.toMatch(/^\t\.\.\. \d+ (?:more|trimmed)$/m);
    expect(out).not.toMatch(/^\tat org\.junit\.runners\./m);
    expect(out).not.toContain("NativeConstructorAccessorImpl");
    const seen = runFixture(f);
    expect(seen.route).toBe("distilled");
    for (const needle of f.mustKeep) expect(seen.delivered).toContain(needle);
    expect(savedPercent(seen)).toBeGreaterThan(90);
  });

  test("a frame in the failing test's own class is kept even when it is in org.junit (JUnit testing itself)", () => {
    const out = distill("h2_junitcore_junit4_alltests_compactor_fail")!;
    expect(out).toContain("\tat org.junit.tests.assertion.AssertionTest.arraysElementsDiffer(AssertionTest.java:134)");
    expect(out).toContain("\tat org.junit.tests.assertion.ComparisonFailureTest.compactFailureMessage(ComparisonFailureTest.java:75)");
    expect(out).not.toContain("ParentRunner");
    // A failure with no frame of the project keeps where it was thrown.
    expect(out).toContain(
      "4) newFolderWithGivenFolderThrowsIOExceptionWhenFolderCannotBeCreated(org.junit.rules.TemporaryFolderUsageTest)\njava.lang.AssertionError: Expected test to throw (an instance of java.io.IOException and exception with message a string containing \"could not create a folder with the path 'level1'\")\n\tat org.junit.Assert.fail(Assert.java:89)\n",
    );
  });

  test("refuses a reading when the tally counts more failures than the numbered blocks", () => {
    const text = fixture("test", "h3_junitcore_codec_soundextest_fail").text.replace(
      "Tests run: 31,  Failures: 4",
      "Tests run: 31,  Failures: 5",
    );
    expect(readJunit(toToolLines(text))).toMatchObject({ failuresFound: 4, failuresTallied: 5 });
    expect(distill("h3_junitcore_codec_soundextest_fail", text)).toBeNull();
  });
});

describe("the console launcher with --details=verbose (a node per test, no Failures section)", () => {
  test("reads each failed node: its name, its source, the exception with the frames into the project, its status", () => {
    const f = fixture("test", "h10_junit5_console_verbose_commons_exec_quote_fail");
    const reading = readJunit(toToolLines(f.text))!;
    expect(reading).toMatchObject({ failuresFound: 12, failuresTallied: 12 });
    const out = distill("h10_junit5_console_verbose_commons_exec_quote_fail")!;
    for (const needle of [
      "testAddArgumentWithSpace",
      'org.junit.ComparisonFailure: expected:<[test, foo, ["ba r"]]> but was:<[test, foo, [ba r]]>',
      "at org.apache.commons.exec.CommandLineTest.testCommandLineParsingWithExpansion2(CommandLineTest.java:426)",
      "[        12 tests failed          ]",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("uniqueId:");
    expect(out).not.toContain("at org.junit.runners.ParentRunner.run(ParentRunner.java:413)");
  });

  test("refuses a reading when the box counts more failed tests than failed nodes", () => {
    const text = fixture("test", "h10_junit5_console_verbose_commons_exec_quote_fail").text.replace("12 tests failed", "13 tests failed");
    expect(readJunit(toToolLines(text))).toMatchObject({ failuresFound: 12, failuresTallied: 13 });
  });
});

test("claims no other runner's output among the fixtures", () => {
  const claimed = loadFixtures()
    .filter((f) => !f.holdout && readJunit(toToolLines(f.text)) !== null)
    .map((f) => f.name)
    .sort();
  expect(claimed).toEqual([
    "h10_junit5_console_commons_exec_quote_fail",
    "h10_junit5_console_commons_exec_util_pass",
    "h10_junit5_console_verbose_commons_exec_quote_fail",
    "h10_junitcore_commons_exec_env_failures",
    "h10_junitcore_commons_exec_inverted_exit_check_fail",
    "h10_junitcore_commons_exec_quote_fail",
    "h15_junit4_xmlunit_attr_value_self_compare_fail",
    "h15_junit4_xmlunit_no_basedir_property",
    "h15_junit4_xmlunit_pass",
    "h15_junit4_xmlunit_xpath_index_zero_based_fail",
    "h16_junit5_console_details_tree_java_diff_utils_resources_not_on_classpath",
    "h16_junit5_console_java_diff_utils",
    "h16_junit5_console_java_diff_utils_pass",
    "h16_junit5_details_verbose_java_diff_utils_html_gt_entity_fail",
    "h16_junit5_java_diff_utils_html_gt_entity_fail",
    "h16_junit5_java_diff_utils_wraptext_off_by_one_fail",
    "h17_junit_console_jbcrypt_gensalt_zero_pad_fail",
    "h17_junit_console_jbcrypt_pass",
    "h17_junitcore_jbcrypt_pass",
    "h18_junitcore_jargs_cmdlineparser_pass",
    "h18_junitcore_jargs_combined_flags_off_by_one_fail",
    "h20_junitcore_hamcrest_close_to_fail",
    "h20_junitcore_hamcrest_one_class_fail",
    "h20_junitcore_hamcrest_root_fail",
    "h20_junitcore_hamcrest_wrong_class",
    "h22_junit4_java_ini4j_all_tests_basedir",
    "h22_junit4_java_ini4j_resources_copied",
    "h22_junit_console_java_ini4j_escape_negated_fail",
    "h22_junit_console_java_ini4j_tree_config_defaults_fail",
    "h2_junit_console_vintage_junit4_tree_fail",
    "h2_junitcore_junit4_alltests_compactor_fail",
    "h3_junitcore_codec_soundextest_fail",
    "h3_junitcore_commons_codec_soundex_fail",
    "h5_junit_console_commons_csv_pass",
    "h5_junit_console_commons_csv_start_of_line_fail",
    "h5_junit_console_commons_csv_unmodified",
    // A `git bisect run` of JUnitCore: its steps are JUnit's reports (the git distiller takes it by its command).
    "h6_git_bisect_run_junit_joda_convert",
    "h6_junitcore_joda_convert_boolean_integer_fail",
    "h6_junitcore_joda_convert_no_test_resources",
    "h6_junitcore_joda_convert_pass",
    "h7_junit4_json_simple_pass",
    "h7_junit4_json_simple_solidus_fail",
    "h8_junitcore_args4j_int_radix_fail",
    "h8_junitcore_args4j_missing_test_resources",
    "h8_junitcore_args4j_pass",
  ]);
});

describe("a library's own test suite, where every frame is the project's", () => {
  const name = "h15_junit4_xmlunit_xpath_index_zero_based_fail";

  test("a long run of frames keeps where it was thrown and the test that called in, so every failure's message fits the reply", () => {
    const out = distill(name)!;
    const frames = out.split("\n");
    let run = 0;
    let longest = 0;
    for (const line of frames) {
      run = /^\tat /.test(line) ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeLessThanOrEqual(5);
    // Test 6's run: the anonymous listener where it was thrown, then the test method.
    expect(out).toContain(
      "\tat org.custommonkey.xmlunit.Diff.differenceFound(Diff.java:292)\n\tat org.custommonkey.xmlunit.test_Diff.testRepeatedElementNamesWithTextQualification(test_Diff.java:466)",
    );
    const delivered = runFixture(fixture("test", name)).delivered;
    for (const message of [
      "junit.framework.ComparisonFailure: 1st control xpath expected:</dvorak[[1]]> but was:</dvorak[[0]]>",
      "junit.framework.ComparisonFailure: 6th control xpath expected:",
      "junit.framework.ComparisonFailure: root element expected:</root[[1]]> but was:</root[[0]]>",
      "Tests run: 323,  Failures: 35",
    ])
      expect(delivered).toContain(message);
  });
});

describe("the console launcher with --details=flat (a line per event)", () => {
  const name = "h16_junit5_java_diff_utils_wraptext_off_by_one_fail";

  test("reads each failed test's Finished line, its exception and its frame into the project; what the tests printed into the trace goes", () => {
    const out = distill(name)!;
    expect(stripAnsi(out)).toBe(
      [
        // The javac step before the run: its summed-up mandatory warnings.
        "Note: Some input files use unchecked or unsafe operations.",
        "Note: Recompile with -Xlint:unchecked for details.",
        "",
        "Finished:    testWrapText_String_int() ([engine:junit-jupiter]/[class:com.github.difflib.text.StringUtilsTest]/[method:testWrapText_String_int()])",
        "             => Exception: org.opentest4j.AssertionFailedError: expected: <te<br/>st> but was: <te<br/>st<br/>>",
        "             \tat com.github.difflib.text.StringUtilsTest.testWrapText_String_int(StringUtilsTest.java:49)",
        "",
        "Finished:    testGeneratorWithWordWrap() ([engine:junit-jupiter]/[class:com.github.difflib.text.DiffRowGeneratorTest]/[method:testGeneratorWithWordWrap()])",
        "             => Exception: org.opentest4j.AssertionFailedError: expected: <[EQUAL,other,other]> but was: <[EQUAL,other<br/>,other<br/>]>",
        "             \tat com.github.difflib.text.DiffRowGeneratorTest.testGeneratorWithWordWrap(DiffRowGeneratorTest.java:117)",
        "",
        "Test run finished after 674 ms",
        "[         0 containers aborted    ]",
        "[         0 containers failed     ]",
        "[        92 tests found           ]",
        "[         2 tests skipped         ]",
        "[         0 tests aborted         ]",
        "[        88 tests successful      ]",
        "[         2 tests failed          ]",
        "",
      ].join("\n"),
    );
  });

  test("refuses a reading when the box counts more failed tests than failed events", () => {
    const text = fixture("test", name).text.replace("[         2 tests failed          ]", "[         3 tests failed          ]");
    expect(distill(name, text)).toBeNull();
  });
});
