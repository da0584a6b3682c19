/**
 * The test distiller on the harnesses that print their own tally but had no reader: Perl's
 * TAP::Harness (prove, make test), CTest, automake's `make check`, `meson test` and Catch2's console reporter. Each keeps
 * the tally and every failure, drops the passing lines, and refuses a reading whose failures do
 * not add up to the tally.
 */
import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";
import { distillWith } from "../helpers/distill.ts";
import { fixture, runFixture, savedPercent } from "../helpers/pipeline-run.ts";

const distill = (name: string) => {
  const f = fixture("test", name);
  return distillWith("test", f.text, { command: f.command, failed: (f.exitCode ?? 0) !== 0 });
};

describe("prove / make test (TAP::Harness)", () => {
  test("keeps every failed assertion with got/expected and the summary report, in a tenth of a 100 KB verbose log", () => {
    const f = fixture("test", "make_test_verbose_path_tiny_fail");
    const out = distill("make_test_verbose_path_tiny_fail")!;
    for (const needle of [
      "#   Failed test 'basename correct'",
      "#          got: 'rcn_icmuva'",
      "not ok 10 - basename correct",
      "t/temp.t                        (Wstat: 1024 (exited 4) Tests: 15 Failed: 4)",
      "Result: FAIL",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("ok 1 - ");
    expect(savedPercent(runFixture(f))).toBeGreaterThan(90);
  });

  test("a passing run is its tally, with the files it skipped and why", () => {
    expect(distill("perl_prove_try_tiny_pass")).toBe(
      "t/global_destruction_load.t .... skipped: Capture::Tiny 0.12 required\nAll tests successful.\nFiles=11, Tests=104,  2 wallclock secs ( 0.06 usr  0.04 sys +  0.82 cusr  0.23 csys =  1.15 CPU)\nResult: PASS\n",
    );
  });

  test("refuses a reading when the report counts more failures than the log explains", () => {
    const text = fixture("test", "perl_prove_path_tiny_basename_fail").text.replace("Tests: 106 Failed: 1)", "Tests: 106 Failed: 2)");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });

  test("routes prove and make test to the test distiller", () => {
    expect(routeCommand("prove -lr t/").distiller).toBe("test");
    expect(routeCommand("make test TEST_VERBOSE=1").distiller).toBe("test");
  });
});

test("prove --exec: another interpreter's error for a file that ran no test is kept, once per file", () => {
  const out = distill("h18_prove_lua_messagepack_missing_testmore")!;
  expect(out).toContain("lua5.4: test/00-require.lua:3: module 'Test.More' not found:");
  expect(out.match(/module 'Test\.More' not found:/g)).toHaveLength(6);
  expect(out).not.toContain("no file '/usr/share/lua/5.4/Test/More.lua'");
});

test("tox: each environment's verdict and its last word follow the runner's tally", () => {
  const out = distill("h18_tox_e_py311_parsedatetime_pass")!;
  expect(out).toContain("83 passed, 9 warnings in 0.21s");
  expect(out).toContain("  py311: commands succeeded\n  congratulations :)\n");
});

describe("ctest", () => {
  test("a passing run is its tally and timing", () => {
    const out = distill("ctest_cmocka_pass")!;
    expect(out).toBe("100% tests passed, 0 tests failed out of 46\nTotal Test time (real) =   0.43 sec\n");
  });

  test("refuses a reading whose FAILED list is shorter than the tally", () => {
    const text = fixture("test", "ctest_cmocka_pass").text.replace("0 tests failed out of 46", "1 tests failed out of 46");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});

describe("make check (automake)", () => {
  test("keeps the summary box and the failing test, drops the recursive make chatter", () => {
    const out = distill("make_check_verbose_jansson_fail")!;
    for (const needle of ["Testsuite summary for jansson 2.14", "# TOTAL: 1", "# FAIL:  1", "FAIL: run-suites", "See test/test-suite.log"])
      expect(out).toContain(needle);
    expect(out).not.toContain("Entering directory");
  });

  test("refuses a reading when the box counts a failure no line names", () => {
    const text = fixture("test", "make_check_verbose_jansson_fail").text.replaceAll("# ERROR: 0", "# ERROR: 1");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});

describe("meson test", () => {
  test("a passing run is its tally block and the log path", () => {
    const out = distill("meson_test_fribidi_pass")!;
    expect(out).toContain("Ok:                 8");
    expect(out).toContain("Full log written to ");
    expect(out).not.toContain("CapRTL_explicit");
  });

  test("keeps the failing test with its error log and the tally", () => {
    const out = distill("meson_test_fribidi_fail")!;
    for (const needle of ["2/8 CapRTL_implicit   FAIL", "Exception: fribidi --test failed for charset CapRTL", "Fail:               1"])
      expect(out).toContain(needle);
    expect(out).not.toContain("3/8 CapRTL_isolate");
  });

  test("routes meson test to the test distiller", () => {
    expect(routeCommand("meson test -C build --print-errorlogs").distiller).toBe("test");
  });
});

describe("minitest (rake test, a test file run by ruby)", () => {
  test("keeps every Failure block with its location, the seed, the tally and rake's verdict; drops -v's line per test", () => {
    const out = distill("h6_rake_test_verbose_builder_attr_escape_fail")!;
    for (const needle of [
      "Run options: -v --seed 9673",
      "TestAttributeEscaping#test_attr_quot [/home/dev/src/builder-3.2.4/test/test_markupbuilder.rb:247]:",
      '  Actual: "<a title=\\"\\"x\\"\\"/>"',
      "TestMarkup#test_attributes_escaping_can_be_turned_on [/home/dev/src/builder-3.2.4/test/test_markupbuilder.rb:91]:",
      "113 runs, 214 assertions, 4 failures, 0 errors, 0 skips",
      "rake aborted!",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("TestNameCollisions#test_no_collision = 0.00 s = .");
    expect(out).not.toContain("Finished in ");
  });

  test("refuses a reading when the tally counts more failures and errors than the blocks explain", () => {
    const text = fixture("test", "h6_rake_test_builder_unmodified_fail").text.replace("1 failures, 0 errors", "1 failures, 1 errors");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });

  test("routes a test file run by its interpreter to the test distiller, and leaves other scripts alone", () => {
    expect(routeCommand("ruby -Ilib:test test/test_markupbuilder.rb").distiller).toBe("test");
    expect(routeCommand("ruby -Itest test/markup.rb").distiller).toBe("test");
    expect(routeCommand("python3 tests/test_api.py").distiller).toBe("test");
    expect(routeCommand("python3 ../other/tests/run.py").distiller).toBeNull();
    expect(routeCommand("ruby script/generate.rb").distiller).toBeNull();
    expect(routeCommand("python3 setup.py build").distiller).toBe("build");
  });
});

describe("test-unit (a Ruby suite's own run-test.rb)", () => {
  test("keeps each Failure block's heading, first and own frame, arrowed line and diff, then the tally; drops the excerpt and the dots", () => {
    const out = distill("h11_ruby_run_test_rss_html_escape_order_fail")!;
    for (const needle of [
      "Failure: test_to_s(RSS::TestContent)",
      "Failure: test_channel(RSS::TestRSS20Core)",
      "/home/dev/src/rss-0.2.9/test/test_atom.rb:204:in `test_atom_content'",
      "  => 204:       assert_atom_content_to_s(Atom::Feed::Entry::Content)",
      '<"<em>plain text</em>"> expected but was',
      "311 tests, 4819 assertions, 9 failures, 0 errors, 0 pendings, 0 omissions, 0 notifications",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("     205:       assert_atom_content_to_s(Atom::Entry::Content)");
    expect(out).not.toContain("test_atom.rb:518:in `assert_atom_text_construct_to_s'");
    expect(out).not.toContain("Finished in ");
    expect(out.length).toBeLessThan(fixture("test", "h11_ruby_run_test_rss_html_escape_order_fail").text.length / 2);
  });

  test("a passing -v run is its tally and verdict", () => {
    expect(distill("h11_ruby_run_test_v_rss_pass")).toBe(
      "311 tests, 4840 assertions, 0 failures, 0 errors, 0 pendings, 0 omissions, 0 notifications\n100% passed\n",
    );
  });

  test("refuses a reading when the tally counts more failures than the blocks explain", () => {
    const text = fixture("test", "h11_ruby_run_test_rss_html_escape_order_fail").text.replace(
      "9 failures, 0 errors",
      "9 failures, 1 errors",
    );
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});

describe("prove: the older Test.pm and perl's own warnings", () => {
  test("Test.pm's `# Test N got:` block, printed above the TAP, is kept with the point it explains", () => {
    const out = distill("h12_prove_lv_time_duration_ms_fail")!;
    expect(out).toContain(
      '# Test 18 got: "1 year, 22 hours, 1247 minutes, 31 seconds, and 198 milliseconds later" (t/04_tdur_ms.t at line 53)',
    );
    expect(out).toContain('#    Expected: "1 year, 22 hours, 59 minutes, 31 seconds, and 198 milliseconds later"');
    expect(out).toContain("not ok 18");
  });

  test("a passing run keeps a warning perl printed, once, and no TAP point whose name ends like one", () => {
    const out = distill("h12_prove_lv_algorithm_diff_max_uninitialized_warnings")!;
    expect(out.split("Use of uninitialized value in join or string at t/oo.t line 188.").length).toBe(2);
    expect(out).toContain("All tests successful.");
    const verbose = distill("h5_perl_make_test_verbose_json_pp_escape_fail")!;
    expect(verbose).not.toContain("ok 739 - incsize2");
  });
});

describe("EUnit (rebar3 eunit, eunit:test with verbose)", () => {
  test("keeps each *failed* test with its location and error term, the tally and rebar3's verdict; drops EUnit's frames and the ok lines", () => {
    const out = distill("h12_rebar3_eunit_lager_num_to_level_swap_fail")!;
    for (const needle of [
      "(console backend with custom group leader using a trace and an ID)...*failed*",
      "(/home/dev/src/lager/src/lager_console_backend.erl, line 550)",
      "{expected,{0,[]}},",
      "lager_rotator_default: rotate_file_fail_test...*failed*",
      "  lager_manager_killer_test: -overload_test_/0-fun-3-...",
      "Failed: 15.  Skipped: 0.  Passed: 346.",
      "Error running tests",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("in call from eunit_proc:run_test/1");
    expect(out).not.toContain("lager: get_sink_handler_status_ascii_test...ok");
    expect(routeCommand("rebar3 eunit").distiller).toBe("test");
  });

  test("rebar3's own reporter: each numbered failure without EUnit's frame, the tally and the verdict; a passing run is its tally", () => {
    const out = distill("h12_rebar3_eunit_goldrush_lt_op_fail")!;
    for (const needle of [
      "  1) glc:-events_test_/0-fun-356-/0: opfilter less than test",
      "glc_lib:-matches_test_/0-fun-27-/0:409",
      "expected: true",
      "84 tests, 3 failures",
      "Error running tests",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("eunit_proc.erl:570");
    expect(distill("h12_rebar3_eunit_goldrush_pass")).toContain("84 tests, 0 failures");
    const text = fixture("test", "h12_rebar3_eunit_goldrush_lt_op_fail").text.replace("84 tests, 3 failures", "84 tests, 4 failures");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });

  test("refuses a reading when the tally counts more failures than the *failed* lines", () => {
    const text = fixture("test", "h7_erl_eunit_cowlib_qs_plus_fail").text.replace("Failed: 7.", "Failed: 8.");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});

describe("cargo test's binaries", () => {
  test("each tally keeps the Running or Doc-tests line of the binary it counts", () => {
    expect(distill("h12_cargo_test_unicode_width_pass")).toContain(
      "     Running unittests src/lib.rs (target/debug/deps/unicode_width-6a6bc489e070b452)\ntest result: ok. 5 passed;",
    );
    expect(distill("h12_cargo_test_unicode_width_pass")).toContain("   Doc-tests unicode_width\ntest result: ok. 1 passed;");
  });
});

describe("Maven Surefire (mvn test)", () => {
  test("keeps the Results lists, each failing test's exception and project frames, its class line, the tally and BUILD FAILURE", () => {
    const out = distill("h12_mvn_offline_test_jsoup_padding_bound_fail")!;
    for (const needle of [
      "StringUtilTest.padding:34 » ArrayIndexOutOfBounds Index 21 out of bounds for length 21",
      "ElementTest.testIndentLevel:451",
      "java.lang.ArrayIndexOutOfBoundsException: Index 21 out of bounds for length 21",
      "\tat org.jsoup.internal.StringUtilTest.padding(StringUtilTest.java:34)",
      "Tests run: 1023, Failures: 0, Errors: 5, Skipped: 45",
      "BUILD FAILURE",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("\tat java.base/java.lang.reflect.Method.invoke(Method.java:569)");
    expect(out).not.toContain("in org.jsoup.parser.[1mTokeniserTest");
    const f = fixture("test", "h12_mvn_offline_test_jsoup_padding_bound_fail");
    expect(out.length).toBeLessThan(f.text.length / 3);
  });

  test("refuses a reading when the tally counts more failures than the Results lists name", () => {
    const text = fixture("test", "h12_mvn_offline_test_jsoup_whitespace_cr_fail").text.replace(
      /Tests run: (\d+), Failures: 2, Errors: 2, Skipped/,
      "Tests run: $1, Failures: 3, Errors: 2, Skipped",
    );
    expect(text).not.toBe(fixture("test", "h12_mvn_offline_test_jsoup_whitespace_cr_fail").text);
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});

describe("Catch2 (console reporter)", () => {
  const name = "h15_spdlog_utests_s_pattern_formatter_short_level_fail";

  test("a run with -s keeps each failing case's name, its failed REQUIRE with the expansion, and the tally; the passing results go", () => {
    const out = distill(name)!;
    for (const needle of [
      "short level_left_padded",
      "/home/dev/src/spdlog-1.10.0/tests/test_pattern_formatter.cpp:159: FAILED:",
      '  REQUIRE( log_to_str("Some message", "[%3L] %v", spdlog::pattern_time_type::local, "\\n") == "[  I] Some message\\n" )',
      '  "[  i] Some message',
      "test cases: 39 | 35 passed | 4 failed",
      "assertions: 68 | 64 passed | 4 failed",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("PASSED:");
    expect(out).not.toContain("host application");
    expect(out.match(/: FAILED:$/gm)).toHaveLength(4);
    expect(savedPercent(runFixture(fixture("test", name)))).toBeGreaterThan(90);
  });

  test("refuses a reading when the tally counts a failing case the log does not show", () => {
    const text = fixture("test", name).text.replace("35 passed | 4 failed", "34 passed | 5 failed");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });

  test("under ctest, each program's report is read once: no failed result is said twice", () => {
    const out = distill("h13_ctest_output_on_failure_cli11_range_min_exclusive_fail")!;
    expect(out.match(/HelpersTest\.cpp:394: FAILED:/g)).toHaveLength(1);
    expect(out).toContain("assertions: 463 | 460 passed | 3 failed");
  });
});

describe("doctest (python -m doctest, with and without -v)", () => {
  test("keeps each failing example with its location, expected and got, and the tally; doctest's frames and the example's own frame go", () => {
    const name = "h16_doctest_wadllib_index_param_lookup_inverted_fail";
    const out = distill(name)!;
    for (const needle of [
      'File "wadllib/docs/index.rst", line 169, in index.rst',
      "    print(link_parameter.get_value())",
      "    http://api.launchpad.dev/beta/bugs",
      '      File "/home/dev/src/wadllib-1.3.6/wadllib/application.py", line 1082, in follow',
      '        raise WADLError("Cannot follow a link when the target has no "',
      "  52 of 182 in index.rst",
      "***Test Failed*** 52 failures.",
    ])
      expect(out).toContain(needle);
    expect(out.match(/^File "wadllib\/docs\/index\.rst", line \d+, in index\.rst$/gm)).toHaveLength(52);
    expect(out).not.toContain("doctest.py");
    expect(out).not.toContain('File "<doctest index.rst[');
    expect(out).not.toMatch(/^\s*\^+$/m);
    expect(out).not.toContain("*".repeat(70));
  });

  test("under -v, a failing block ends where the next example is tried, and the passing examples go", () => {
    const out = distill("h7_python_doctest_v_inflection_fail")!;
    expect(out).not.toMatch(/^(?:Trying|Expecting):$/m);
    expect(out).toContain("   3 of   3 in inflection.camelize");
    expect(out).toContain("1 passed and 38 failed.");
    expect(out.match(/^Failed example:$/gm)).toHaveLength(38);
  });

  test("a passing -v run of few items lists them with their counts", () => {
    expect(distill("h18_python_m_doctest_v_intervaltree_readme_pass")).toContain(
      "1 items passed all tests:\n  51 tests in README.md\n\n51 tests in 1 items.\n51 passed and 0 failed.\nTest passed.\n",
    );
  });

  test("a passing -v run is its counts and verdict", () => {
    expect(distill("h13_doctest_voluptuous_schema_builder")).toBe("96 tests in 66 items.\n96 passed and 0 failed.\nTest passed.\n");
  });

  test("refuses a reading when the tally counts a failure the log does not show", () => {
    const text = fixture("test", "h7_python_doctest_v_inflection_fail").text.replace(
      "***Test Failed*** 38 failures.",
      "***Test Failed*** 39 failures.",
    );
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});

describe("tcltest (tclsh all.tcl, Tcl's and Tk's make test)", () => {
  test("keeps each failing test's heading (a wrapped one whole), its result against the expected one and its closing line, and the tally; drops the test's body", () => {
    const out = distill("h22_tcltest_tcl_tk_wm_focus_unmodified_fail")!;
    for (const needle of [
      "==== unixWm-8.4 icon windows FAILED",
      ".icon icon {} withdrawn 1 0 1 0",
      ".icon icon {} withdrawn 1 0 0 0",
      "==== wm-transient-4.1 transient toplevel is withdrawn",
      "        when mapped if toplevel is iconic FAILED",
      "==== wm-state-2.9 FAILED",
      "all.tcl:\tTotal\t623\tPassed\t471\tSkipped\t136\tFailed\t16",
      "Files with failing tests: unixWm.test wm.test",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("==== Contents of test case:");
    expect(out).not.toContain("    wm iconwindow .t .icon");
    expect(distill("h2_tcl_make_test_lrepeat_fail")).toContain('bad count "-3": must be integer >= 0');
  });

  test("refuses a reading when the tally counts more failures than the closing lines", () => {
    const text = fixture("test", "h22_tcltest_tcl_tk_wm_focus_unmodified_fail").text.replace("Failed\t16", "Failed\t17");
    expect(distillWith("test", text, { failed: true })).toBeNull();
  });
});
