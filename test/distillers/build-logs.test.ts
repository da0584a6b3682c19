/**
 * What a C project's build and test logs are read for: the targets CMake and silent-rule Makefiles
 * link, a configure's own messages among CMake's probes, a failing test's section of automake's
 * test-suite.log, `meson test -v`'s output of a failing test, and shellcheck's error finding in a
 * wall past the host's view. Real outputs, each rule checked on the fixture it came from.
 */
import { describe, expect, test } from "bun:test";
import type { DistillerId } from "../../src/core/route.ts";
import { distillFixture } from "../helpers/distill.ts";
import { fixture, runFixture } from "../helpers/pipeline-run.ts";

const distill = (family: string, name: string, id: DistillerId) => distillFixture(id, family, name)!;

describe("what a build made", () => {
  test("CMake's Makefile generator: every target it links", () => {
    const out = distill("build", "h11_cmake_build_brotli_pass", "build");
    expect(out).toContain("Linking C executable brotli");
    expect(out).toContain("Linking C shared library libbrotlicommon.so");
    expect(out).not.toContain("Building C object");
  });

  test("silent rules: the archive and symlink steps beside the link steps", () => {
    const out = distill("build", "h11_make_j2_libdeflate_pass", "build");
    for (const needle of ["  AR       libdeflate.a", "  LN       libdeflate.so", "  LN       gunzip", "  CCLD     gzip"])
      expect(out).toContain(needle);
    expect(out).not.toContain("  CC       lib/utils.o");
  });

  test("a Makefile's own silent rules at the margin: `LINK libvterm.la` says the library was made", () => {
    const out = distill("build", "h19_make_libvterm", "build");
    expect(out).toContain("\nLINK libvterm.la\n");
    expect(out).toContain("src/unicode.c:306:12: warning: 'mk_wcswidth_cjk' defined but not used [-Wunused-function]");
    expect(out).not.toContain("CC src/parser.c");
  });

  test("javac's mandatory-warning notes: which files use a deprecated API or unchecked operations, and the flag that shows where", () => {
    const out = distill("build", "h14_javac_jcommander_missing_import", "build");
    expect(out).toContain("Note: src/main/java/com/beust/jcommander/ParameterDescription.java uses or overrides a deprecated API.\n");
    expect(out).toContain("Note: Recompile with -Xlint:deprecation for details.\n");
    expect(out).toContain("Note: Some input files use unchecked or unsafe operations.\n");
  });

  test("GHC's linked program and webpack's built modules", () => {
    expect(distill("build", "h18_runghc_setup_build_wall_cmdargs", "build")).toContain("Linking dist/build/cmdargs/cmdargs ...\n");
    const webpack = distill("build", "h18_webpack_negotiator_pass", "build");
    expect(webpack).toContain("./lib/mediaType.js 5.23 KiB [built] [code generated]\n");
    expect(webpack).toContain("webpack 5.113.0 compiled successfully in 548 ms");
    // Grouped under `modules by path`, the rows are indented.
    const grouped = distill("build", "h20_webpack_production_proxy_addr", "build");
    expect(grouped).toContain(
      "modules by path ./node_modules/ 20.4 KiB\n  ./node_modules/forwarded/index.js 1.54 KiB [built] [code generated]\n",
    );
    expect(grouped).toContain("  ./node_modules/ipaddr.js/lib/ipaddr.js 18.9 KiB [built]");
  });
});

describe("webpack's error blocks", () => {
  test("run over their paragraphs (a missing core module's polyfill advice) and stop at the resolver's trace", () => {
    const out = distill("build", "h18_webpack_depd_missing_path_polyfill", "build");
    for (const needle of [
      "Module not found: Error: Can't resolve 'path' in '/home/dev/src/nodejs-depd-2.0.0'",
      "BREAKING CHANGE: webpack < 5 used to include polyfills for node.js core modules by default.",
      "\t- install 'path-browserify'",
      "webpack 5.113.0 compiled with 1 error in 135 ms",
    ])
      expect(out).toContain(needle);
    expect(out).not.toMatch(/^resolve 'path' in/m);
    expect(out).not.toContain("Field 'browser' doesn't contain a valid alias configuration");
  });
});

describe("a CMake configure", () => {
  test("keeps the project's own messages and empty checks; CMake's compiler checks and found probes go", () => {
    const out = distill("build", "h11_cmake_configure_brotli", "build");
    for (const needle of ["-- Build type is 'Release'", "-- Compiler is not EMSCRIPTEN", "-- Looking for log2 - not found"])
      expect(out).toContain(needle);
    for (const gone of ["-- The C compiler identification is GNU 12.2.0", "-- Looking for log2 - found", "-- Detecting C compile features"])
      expect(out).not.toContain(gone);
    expect(distill("build", "h11_cmake_configure_ms_gsl", "build")).toContain("-- Checking for one of the modules 'gtest_main'");
  });
});

describe("an autoconf configure", () => {
  test("keeps the project's own messages among the probes; the probes and their results go", () => {
    const out = distill("build", "h17_configure_cunit", "build");
    for (const needle of [
      "++++++++++ Enabling automated(XML) mode compilation",
      "---------- Disabling curses mode compilation",
      "configure: WARNING: `missing' script is too old or missing",
    ])
      expect(out).toContain(needle);
    expect(out).not.toMatch(/^checking /m);
    expect(distill("build", "h15_configure_libfastjson", "build")).toContain(
      "RDRAND Hardware RNG Hash Seed disabled. Use --enable-rdrand to enable",
    );
  });
});

describe("test logs inside a build", () => {
  test("make check VERBOSE=1: a failing test's section of test-suite.log, its head and what it printed", () => {
    const out = runFixture(fixture("build", "h11_dpkg_buildpackage_libpsl_regdom_fail")).delivered;
    expect(out).toContain("psl_registrable_domain(b.ide.kyoto.jp)=NULL (expected b.ide.kyoto.jp)");
    expect(out).toContain("FAIL test-registrable-domain (exit status: 1)");
  });

  test("meson test -v: the failing test's output above its verdict, its first lines and the rest counted", () => {
    const out = distill("test", "h11_meson_test_v_libpsl_is_public_all_fail", "test");
    expect(out).toContain("psl_is_public_suffix2(.bd, PSL_TYPE_ICANN|PSL_TYPE_NO_STAR_RULE)=0 (expected 1)");
    expect(out).toContain("[445 more lines of its output]");
    expect(out).toContain("1/1 test-is-public-all FAIL");
  });
});

test("shellcheck's error finding past the host's view keeps its place, with the heading that names its line", () => {
  const out = runFixture(fixture("build", "h11_shellcheck_o_all_dehydrated")).delivered;
  expect(out).toMatch(/In dehydrated line 1086:\n.*SC2068 \(error\)/);
});

test("shellcheck's error on a file it could not open stays beside the findings", () => {
  const out = runFixture(fixture("build", "h21_shellcheck_s_warning_nettle_run_tests")).delivered;
  expect(out).toContain("testsuite/*.sh: testsuite/*.sh: openBinaryFile: does not exist (No such file or directory)\n");
  expect(out).toContain("SC2046 (warning): Quote this to prevent word splitting.");
});

describe("what a chained configure and build made, through the generic stage", () => {
  test("CMake's `Built target` lines stay, each one", () => {
    const out = runFixture(fixture("build", "h21_cmake_libdivsufsort_configure_build")).delivered;
    for (const target of ["divsufsort", "suftest", "mksary", "sasearch", "bwt", "unbwt"])
      expect(out).toContain(`] Built target ${target}\n`);
  });

  test("libtool's silent link lines stay, each program", () => {
    const out = runFixture(fixture("build", "h21_libmspack_configure_make")).delivered;
    for (const program of ["examples/oabextract", "examples/cabrip", "test/chminfo", "libmspack.la"])
      expect(out).toContain(`  CCLD     ${program}\n`);
  });
});

describe("rubocop over a tree it could not wholly read", () => {
  test("keeps its error-class findings (a file it could not parse) ahead of the warnings, and the cop that crashed", () => {
    const f = fixture("build", "h20_rubocop_lint_typeprof_lib");
    const out = distill("build", "h20_rubocop_lint_typeprof_lib", "build");
    expect(out).toContain("lib/typeprof/lsp.rb:103:11: E: Lint/Syntax: unexpected token kIN\n");
    expect(out).toContain(
      "An error occurred while VariableForce cop was inspecting /home/dev/src/typeprof-0.21.2/lib/typeprof/analyzer.rb.\n",
    );
    // The reply under the host's failed-run view still holds the error finding.
    expect(runFixture(f).delivered).toContain("lib/typeprof/lsp.rb:103:11: E: Lint/Syntax: unexpected token kIN");
  });
});

describe("CMake's errors", () => {
  test("keep the call stack under them: the project's own line that led into a module's error", () => {
    const out = distill("build", "h20_cmake_fast_float_tests_fetchcontent_offline_fail", "build");
    expect(out).toContain("  Build step for doctest failed: 2\nCall Stack (most recent call first):\n");
    expect(out).toContain("  tests/CMakeLists.txt:26 (FetchContent_Populate)\n");
  });
});
