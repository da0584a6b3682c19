import { describe, expect, test } from "bun:test";
import { INJECT_CAPS, INJECT_TRUNCATION_NOTE, renderInject, type SessionContext } from "../../src/memory/session-context.ts";

function context(overrides: Partial<SessionContext>): SessionContext {
  return {
    session: null,
    totals: null,
    goal: null,
    activeError: null,
    progress: [],
    facts: [],
    hotFiles: [],
    pinnedFiles: [],
    ...overrides,
  };
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("session inject block", () => {
  test("prints nothing when there is nothing to carry over", () => {
    expect(renderInject(context({}), INJECT_CAPS)).toBe("");
  });

  test("keeps every item when they fit, goal and active error first", () => {
    const block = renderInject(
      context({
        goal: "Ship the parser",
        activeError: "cargo test: error[E0308]",
        progress: ["`cargo test` passes again after 1 failing run"],
      }),
      INJECT_CAPS,
    );
    expect(block).toBe(
      [
        "[omni] project context",
        "- Goal: Ship the parser",
        "- Last active error: cargo test: error[E0308]",
        "- Done: `cargo test` passes again after 1 failing run",
      ].join("\n"),
    );
  });

  test("cuts each item to 120 bytes on a character boundary, and the whole to 1000 with the note", () => {
    const long = "é".repeat(200);
    const block = renderInject(
      context({
        goal: long,
        facts: Array.from({ length: 5 }, (_, i) => `fact ${i} ${"x".repeat(300)}`),
        hotFiles: Array.from({ length: 5 }, (_, i) => `src/${"deep/".repeat(40)}file${i}.ts`),
        progress: ["a", "b", "c"],
      }),
      INJECT_CAPS,
    );
    expect(bytes(block)).toBeLessThanOrEqual(1000);
    expect(block.endsWith(INJECT_TRUNCATION_NOTE)).toBe(true);
    const items = block.split("\n").filter((line) => line.startsWith("- "));
    for (const item of items) expect(bytes(item.slice(2))).toBeLessThanOrEqual(120);
    expect(items[0]).toEndWith("…");
    expect(items[0]).not.toContain("\uFFFD");
  });

  test("adds no note when every item fits", () => {
    const block = renderInject(context({ facts: Array.from({ length: 7 }, () => "y".repeat(118)) }), INJECT_CAPS);
    // 1 header + 7 items of "- " + at most 120 bytes each: under 1000 without truncation.
    expect(block.endsWith(INJECT_TRUNCATION_NOTE)).toBe(false);
    expect(block.split("\n")).toHaveLength(8);
  });
});
