import { expect, test } from "bun:test";
import { capOutput } from "../../src/core/truncate.ts";

const LINES = Array.from({ length: 4_000 }, (_, i) => `line ${i} of a long reply that runs past the cap\n`).join("");

test("the 50 KB cap cuts the middle only behind a handle to the archived middle", () => {
  const stored: string[] = [];
  const out = capOutput(LINES, 50_000, (content) => {
    stored.push(content);
    return "1a2b3c4d5e6f7a8b";
  });
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  expect(out).toContain("omni retrieve 1a2b3c4d5e6f7a8b");
  const [head, tail] = out.split(/\[OMNI: output truncated[^\n]*\n/);
  expect(head! + stored[0]! + tail!).toBe(LINES);
});

test("when the middle cannot be archived the reply goes on uncut: never an omission without a handle", () => {
  expect(capOutput(LINES, 50_000, () => null)).toBe(LINES);
  const oneLine = "x".repeat(80_000);
  expect(capOutput(oneLine, 50_000, () => null)).toBe(oneLine);
});
