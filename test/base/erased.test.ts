import { expect, test } from "bun:test";
import { visibleLines, visibleText } from "../../src/base/erased.ts";

test("a frame a spinner wiped with erase-line and cursor-up is empty; the frame left standing is read", () => {
  const raw = [
    "",
    " ⠋ \x1b[2K\x1b[1A\x1b[2K\x1b[0G ",
    "  1 passed",
    "  1 failed\x1b[2K\x1b[1A\x1b[2K\x1b[1A\x1b[2K\x1b[0G",
    "  289 passed",
    "  229 failed",
  ];
  expect(visibleLines(raw)).toEqual([" ", "", "", "", "  289 passed", "  229 failed"]);
});

test("colour alone is stripped and nothing is wiped; text after an erase on its own row stays", () => {
  expect(visibleLines(["\x1b[31m2 failed\x1b[39m", "old\x1b[2Knew"])).toEqual(["2 failed", "new"]);
  expect(visibleLines(["\x1b[2K\x1b[1A"])).toEqual([""]);
});

test("the whole text reads the same way: wiped frames go, plain colour is only stripped", () => {
  expect(visibleText("  1 failed\x1b[2K\x1b[1A\x1b[2K\x1b[0G\n  3 failed\n")).toBe("\n  3 failed\n");
  expect(visibleText("\x1b[31m2 failed\x1b[39m\n")).toBe("2 failed\n");
});
