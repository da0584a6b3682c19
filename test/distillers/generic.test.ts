import { describe, expect, test } from "bun:test";
import { reportsResult } from "../../src/base/score.ts";
import { fixture, runFixture } from "../helpers/pipeline-run.ts";

/**
 * Output reaches the generic distiller when omni cannot tell what produced it: pipe mode with no
 * command hint, a shell chain, a program no distiller knows. It must not cost the reader an answer.
 */
describe("generic distiller", () => {
  test.each([
    ["cloud", "tf_plan_mixed", ""],
    ["cloud", "tf_apply_create", ""],
    ["git", "git_log_15_bodies", ""],
    ["jsts", "npm_install_fresh", ""],
    ["readfile", "read_source_help_js", "sed -n '1,400p' lib/help.js; echo ---"],
    ["database", "psql_select_orders", ""],
  ])("keeps every answer of %s/%s when it cannot tell what printed it", (family, name, command) => {
    const output = fixture(family, name);
    const result = runFixture(output, { command });
    for (const needle of output.mustKeep) expect(result.delivered).toContain(needle);
  });

  test("drops a run of progress lines and counts them, keeping the verdict", () => {
    const build = fixture("build", "upstream_cargo_build_large");
    const compiling = build.text.split("\n").filter((line) => line.trimStart().startsWith("Compiling ")).length;
    const result = runFixture(build, { command: "" });
    expect(result.route).toBe("distilled");
    expect(result.delivered).toContain("Finished `dev` profile [unoptimized + debuginfo] target(s) in 42.31s");
    expect(result.delivered).toContain(`[${compiling} noise lines omitted]`);
  });

  test("sees a result at the end of a progress-shaped line", () => {
    expect(reportsResult("Checking for size_t... Yes.")).toBe(true);
    expect(reportsResult("Checking whether to use vs[n]printf() or s[n]printf()... using vs[n]printf().")).toBe(true);
    expect(reportsResult("    Checking serde v1.0.210")).toBe(false);
    expect(reportsResult("Checking for gcc...")).toBe(false);
  });
});
