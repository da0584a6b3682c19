import { describe, expect, test } from "bun:test";
import { sideBySide } from "../../src/cli/side-by-side.ts";
import { paintFor } from "../../src/stats/color.ts";

const plain = paintFor(false, {});
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`);

describe("sideBySide", () => {
  test("folds a long unchanged run to two lines of context on each side of a change", () => {
    const raw = [...numbered(1, 20), "noise a", "noise b", ...numbered(21, 40)].join("\n") + "\n";
    const delivered = [...numbered(1, 20), "[OMNI: 2 lines omitted]", ...numbered(21, 40)].join("\n") + "\n";
    const rows = sideBySide(raw, delivered, 80, plain).split("\n").slice(2, -1);
    expect(rows[0]).toBe("… 18 unchanged lines");
    expect(rows[1]!.startsWith("line 19")).toBe(true);
    expect(rows[3]).toMatch(/^noise a +\| \[OMNI: 2 lines omitted\]$/);
    expect(rows[4]).toMatch(/^noise b +<$/);
    expect(rows[7]).toBe("… 18 unchanged lines");
    expect(rows).toHaveLength(8);
  });

  test("cuts long lines with an ellipsis so a row never passes the width", () => {
    const out = sideBySide(`${"x".repeat(200)}\n`, "short\n", 60, plain);
    for (const line of out.split("\n")) expect([...line].length).toBeLessThanOrEqual(60);
    expect(out).toContain(`${"x".repeat(27)}… | short`);
  });
});
