import { describe, expect, test } from "bun:test";
import { readLoopSettings } from "../../src/memory/loop.ts";
import { planNotices, pressureLevel, readPressureSettings, type NoticeState } from "../../src/memory/pressure.ts";

const settings = readPressureSettings({ OMNI_CONTEXT_WINDOW: "1000" });
const noLoop = readLoopSettings({});

describe("context pressure", () => {
  test("reads the window and thresholds from the environment, ignoring bad values", () => {
    expect(readPressureSettings({})).toEqual({ windowTokens: 200_000, warn: 0.65, critical: 0.82 });
    expect(readPressureSettings({ OMNI_CONTEXT_WINDOW: "50000", OMNI_PRESSURE_WARN: "0.5", OMNI_PRESSURE_CRITICAL: "7" })).toEqual({
      windowTokens: 50_000,
      warn: 0.5,
      critical: 0.82,
    });
  });

  test("warns at 65% and is critical at 82% of the window", () => {
    expect(pressureLevel(649, settings)).toBe("ok");
    expect(pressureLevel(650, settings)).toBe("warn");
    expect(pressureLevel(819, settings)).toBe("warn");
    expect(pressureLevel(820, settings)).toBe("critical");
  });

  test("repeats a pressure warning only after the five-call cooldown", () => {
    let state: NoticeState = {};
    const warned: number[] = [];
    for (let call = 1; call <= 12; call++) {
      const plan = planNotices({ calls: call, usedTokens: 700, state, settings, loop: noLoop });
      if (plan.notices.length > 0) warned.push(call);
      state = plan.state;
    }
    expect(warned).toEqual([1, 6, 11]);
  });

  test("warns past 80% of the loop budget, and a new iteration resets what was used", () => {
    const loop = readLoopSettings({ OMNI_LOOP_ID: "loop-1", OMNI_LOOP_BUDGET: "100", OMNI_LOOP_ITERATION: "0" });
    const first = planNotices({ calls: 1, usedTokens: 10, state: {}, settings, loop });
    expect(first.notices).toEqual([]);
    const over = planNotices({ calls: 2, usedTokens: 95, state: first.state, settings, loop });
    expect(over.notices).toEqual(["[omni] loop budget 85% used this iteration (85 of 100 tokens)."]);
    const next = planNotices({ calls: 3, usedTokens: 96, state: over.state, settings, loop: { ...loop, iteration: 1 } });
    expect(next.notices).toEqual([]);
  });

  test("drops loop settings that could inject text or exceed limits", () => {
    expect(
      readLoopSettings({ OMNI_LOOP_ID: "a;rm -rf", OMNI_LOOP_GOAL: "fix `it`", OMNI_LOOP_BUDGET: "999999999", OMNI_SUBAGENT: "1" }),
    ).toEqual({ id: null, goal: null, budgetTokens: 10_000_000, iteration: null, subagent: true });
  });
});
