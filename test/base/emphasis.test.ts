import { describe, expect, test } from "bun:test";
import { emphasisOf } from "../../src/base/emphasis.ts";
import { loopEmphasis } from "../../src/memory/loop.ts";
import { fixture, runFixture } from "../helpers/pipeline-run.ts";

describe("a loop goal's emphasis", () => {
  test("is read from the goal's words, keeping detail ahead of compressing", () => {
    expect(emphasisOf("Make the flaky tests pass")).toBe("test");
    expect(emphasisOf("Debug the billing crash")).toBe("debug");
    expect(emphasisOf("Refactor the queue client")).toBe("refactor");
    expect(emphasisOf("Debug, then refactor the parser")).toBe("debug");
    expect(emphasisOf("Refactor the parser and its tests")).toBe("test");
    expect(emphasisOf("Migrate the billing service off the legacy queue")).toBeNull();
    expect(emphasisOf(null)).toBeNull();
  });

  test("comes from OMNI_LOOP_GOAL, and not from a goal the loop settings refused", () => {
    expect(loopEmphasis({ OMNI_LOOP_GOAL: "refactor the store" })).toBe("refactor");
    expect(loopEmphasis({ OMNI_LOOP_GOAL: "refactor; rm -rf /" })).toBeNull();
    expect(loopEmphasis({})).toBeNull();
  });
});

describe("the pipeline under a loop goal", () => {
  test("a test goal keeps a test run's every line; without it the run is distilled", () => {
    const run = fixture("test", "cargo_test_pass_multi");
    expect(runFixture(run).route).toBe("distilled");
    const kept = runFixture(run, { emphasis: "test" });
    expect(kept.delivered).toBe(run.text);
    expect(kept.reason).toBe("loop goal keeps test detail");
  });

  test("a debug goal hands a failed run back whole, even one the test distiller could read", () => {
    const failing = fixture("test", "upstream_cargo_test_500");
    expect(runFixture(failing).route).toBe("distilled");
    const kept = runFixture(failing, { emphasis: "debug" });
    expect(kept.delivered).toBe(failing.text);
    expect(kept.reason).toBe("loop goal keeps error context");
    // A passing run is still distilled: the goal asks for error context, and there is none.
    expect(runFixture(fixture("test", "cargo_test_pass_multi"), { emphasis: "debug" }).route).toBe("distilled");
  });

  test("a refactor goal delivers a distillation that saves less than the usual 10%", () => {
    const search = fixture("search", "grep_rn_export_function");
    const usual = runFixture(search);
    expect(usual.reason).toBe("below guardrail");
    const harder = runFixture(search, { emphasis: "refactor" });
    expect(harder.route).toBe("distilled");
    expect(harder.bytesOut).toBeLessThan(harder.bytesIn);
    for (const needle of search.mustKeep) expect(harder.delivered).toContain(needle);
  });
});
