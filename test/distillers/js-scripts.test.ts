/**
 * What a JavaScript project's scripts print, read as the answer: eslint's report with multi-line
 * messages, rollup's and vite's warnings and output rows, jest's failing lines, and `npm test`
 * scripts that run several runners, gate on coverage, or crash mid-run. Real outputs, each rule
 * checked on the fixture it came from.
 */
import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";
import type { DistillerId } from "../../src/core/route.ts";
import { distillFixture, distillWith } from "../helpers/distill.ts";
import { fixture, runFixture } from "../helpers/pipeline-run.ts";

const distill = (family: string, name: string, id: DistillerId) => distillFixture(id, family, name);

describe("eslint", () => {
  test("a message that goes on over unindented lines stays whole, and one long message's padding goes", () => {
    const out = distill("jsts", "h10_eslint9_flat_zod_v4_classic", "jsts")!;
    expect(out).toContain("eslint: 168 errors, 0 warnings in 7 files");
    expect(out).toContain(
      '- If you want a type meaning "any value", you probably want `unknown` instead  @typescript-eslint/no-empty-object-type',
    );
    expect(out).toContain("@typescript-eslint/ban-ts-comment ×2");
    expect(out).not.toMatch(/ {100}/);
    expect(out.length).toBeLessThan(fixture("jsts", "h10_eslint9_flat_zod_v4_classic").text.length / 5);
  });
});

describe("bundlers", () => {
  test("rollup's warnings keep their message and the cycle's path; the source excerpt and docs link go", () => {
    const out = distill("jsts", "h10_rollup_zod_dist_pure_comment_warning", "build")!;
    expect(out).toContain("contains an annotation that Rollup cannot interpret");
    expect(out).toContain("(!) Circular dependency");
    expect(out).toContain("v4/core/core.js -> v4/core/util.js -> v4/core/core.js");
    expect(out).not.toContain("https://rollupjs.org/configuration-options/#pure");
    expect(out).not.toContain("401: export const NUMBER_FORMAT_RANGES");
  });

  test("a rollup warning with no location of its own keeps the excerpt line its caret points at", () => {
    const out = distill("jsts", "h11_rollup_numeral_umd_es_this_undefined", "build")!;
    expect(out).toContain("17: }(this, function () {");
    expect(out).not.toContain("16:     }");
  });

  test("vite keeps its output rows and a warning written as a sentence", () => {
    const out = distill("jsts", "h10_vite_build_zod_lib_named_default_warning", "build")!;
    expect(out).toContain("dist/vite/zod.js              90.92 kB │ gzip: 17.62 kB");
    expect(out).toContain('Entry module "src/index.ts" is using named and default exports together.');
    expect(out).not.toContain("rendering chunks...");
  });
});

describe("test scripts", () => {
  test("jest keeps each failing test's ✕ line and, for a few files, their PASS lines", () => {
    expect(distill("test", "h10_jest_fastest_levenshtein_myers_fail", "test")).toContain("  ✕ test compare (12014 ms)");
    expect(distill("test", "h10_jest_verbose_fastest_levenshtein_pass", "test")).toContain("PASS ./test.js");
  });

  test("a script that runs several runners keeps each one's tally, and its banners", () => {
    const out = distill("test", "h10_npm_test_process_warning_pass", "test")!;
    for (const needle of ["# pass 26", "Tests:       1 passed, 1 total", "Assertions: ", "21 passed", "> process-warning@5.1.1 test:jest"])
      expect(out).toContain(needle);
  });

  test("tape's all-pass run is read by its `# ok`, and a coverage gate that fails after it is the run's failure", () => {
    const out = distill("test", "h10_npm_test_secure_json_parse_c8_threshold_fail", "test")!;
    for (const needle of [
      "# pass  99",
      "# ok",
      " index.js |    98.8 |    98.36 |     100 |    98.8 | 44-45",
      "ERROR: Coverage for lines (98.8%)",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("ok 42 ");
  });

  test("a run that crashed keeps where node stopped and the test it was in", () => {
    const out = distill("test", "h10_npm_test_secure_json_parse_proto_action_fail", "test")!;
    expect(out).toContain("# sanitizes object string (reviver, options)\n\n/home/dev/src/secure-json-parse/index.js:89\n");
  });

  test("tape's failed assertion keeps the heading of the test it belongs to", () => {
    const out = runFixture(fixture("test", "h10_npm_run_tests_only_qs_array_limit_fail")).delivered;
    expect(out).toContain("# limits specific array indices to arrayLimit\n\nnot ok 158 should be deeply equivalent");
    expect(routeCommand("npm run tests-only").distiller).toBe("test");
  });
});

describe("ava", () => {
  test("AVA 0.x's spinner frames go; its final tally and each failure's title, message and project frames stay", () => {
    const out = distill("test", "h11_npm_test_chance_ava_integer_range_fail", "test")!;
    for (const needle of [
      "  289 passed",
      "  229 failed",
      "  test.animal › returns an animal even if type is not specified",
      "    [TypeError: Cannot read properties of undefined (reading 'length')]",
      "  Chance.pick (chance.js:651:17)",
    ])
      expect(out).toContain(needle);
    expect(out).not.toContain("  1 failed");
    expect(out).not.toContain("baseTimes (node_modules/lodash/lodash.js:991:23)");
    expect(out).not.toContain("   650:     Chance.prototype.pick = function (arr, count) {");
  });

  test("AVA 3's verbose failures are read after the tally, and a later AVA's between the rules before it", () => {
    const verbose = distill("test", "h4_ava_verbose_p_map_concurrency_fail", "test")!;
    expect(verbose).toContain("  2 tests failed");
    expect(verbose).toContain("  /home/dev/src/p-map/p-map-4.0.0/test.js:61");
    expect(verbose).not.toContain("   61:     t.true(running <= concurrency); ");
    const modern = distill("test", "h7_npx_ava_wrap_ansi_exact_fit_fail", "test")!;
    expect(modern).toContain("  › file://test.js:27:4");
    expect(modern).not.toContain("✔ word wrapping");
  });

  test("refuses a reading whose tally counts a failure no block explains, and leaves playwright's tally to playwright", () => {
    const text = fixture("test", "h4_ava_verbose_p_map_concurrency_fail").text.replace("  2 tests failed", "  3 tests failed");
    expect(distillWith("test", text, { failed: true })).toBeNull();
    expect(distill("test", "playwright_list_fail", "test")).not.toContain("✓   1 tests/cart.spec.js:4:33");
  });
});

describe("node --test", () => {
  test("a test its file's timeout cancelled is among the failing tests, and the section is read (borp)", () => {
    const out = distill("test", "h11_npm_run_borp_pino_desc_level_fail", "test")!;
    expect(out).toContain("(/home/dev/src/pino-10.4.0/test/is-level-enabled.test.js:119:12)");
    expect(out).toContain("  'test timed out after 60000ms'");
    expect(out).toContain("ℹ cancelled 1");
  });

  test("a tape file's own TAP, relayed as `#` comments, keeps its failing points and tally, not its passing tail", () => {
    const out = distill("test", "h12_node_test_array_includes_empty_length_check_fail", "test")!;
    for (const point of [
      "# not ok 5 [NaN] includes NaN",
      "# not ok 6 Array(1) includes undefined",
      "# not ok 13 NaN fromIndex -> 0 fromIndex",
    ])
      expect(out).toContain(point);
    expect(out).toContain("#     at: Test.<anonymous> (/home/dev/src/array-includes/test/tests.js:12:6)");
    expect(out).toContain("# \\# fail  3");
    expect(out).not.toContain("# ok 45 ");
    expect(out).not.toContain("node_modules/tape/lib/test.js");
  });
});

describe("vitest", () => {
  test("--reporter=verbose keeps the × line of each of a few failing tests", () => {
    expect(distill("test", "h11_vitest_verbose_numeral_ordinal_st_fail", "test")).toContain(
      " × tests/formats/ordinal.js > Ordinal > should format to an ordinal",
    );
    expect(distill("test", "h10_vitest_verbose_zod_min_length_fail", "test")).not.toContain(
      " × src/v4/classic/tests/string.test.ts > trim",
    );
  });
});
