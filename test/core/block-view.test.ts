import { expect, test } from "bun:test";
import { grepLines, parseLineRange, sliceLines } from "../../src/core/block-view.ts";

test("a line range reads a-b, a- (to the end) and a (one line), with spaces allowed around the parts", () => {
  expect(parseLineRange("3-7")).toEqual({ from: 3, to: 7 });
  expect(parseLineRange(" 3 - 7 ")).toEqual({ from: 3, to: 7 });
  expect(parseLineRange("12-")).toEqual({ from: 12, to: Number.POSITIVE_INFINITY });
  expect(parseLineRange("5")).toEqual({ from: 5, to: 5 });
  expect(parseLineRange("1-1")).toEqual({ from: 1, to: 1 });
});

test("a range that is not of positive numbers, or runs backwards, is refused", () => {
  for (const bad of ["0", "0-3", "7-3", "-3", "a-b", "3-x", "", "3-4-5", "1.5"])
    expect({ bad, range: parseLineRange(bad) }).toEqual({ bad, range: null });
});

const BLOCK = "one\ntwo\r\nthree\nfour";

test("a slice keeps the lines exactly as archived, terminators and all, and says which lines it covers", () => {
  expect(sliceLines(BLOCK, { from: 2, to: 3 })).toEqual({ text: "two\r\nthree\n", total: 4, first: 2, last: 3 });
  expect(sliceLines(BLOCK, { from: 1, to: 1 })).toEqual({ text: "one\n", total: 4, first: 1, last: 1 });
  expect(sliceLines(BLOCK, { from: 3, to: Number.POSITIVE_INFINITY })).toEqual({ text: "three\nfour", total: 4, first: 3, last: 4 });
});

test("a slice past the end is empty and says so, rather than reading lines that are not there", () => {
  expect(sliceLines(BLOCK, { from: 9, to: 12 })).toEqual({ text: "", total: 4, first: 5, last: 4 });
  expect(sliceLines(BLOCK, { from: 4, to: 9 })).toEqual({ text: "four", total: 4, first: 4, last: 4 });
});

test("grep numbers each matching line from 1, terminator dropped, and counts the matches", () => {
  expect(grepLines(BLOCK, /o/)).toEqual({ text: "1:one\n2:two\n4:four\n", matches: 3 });
  expect(grepLines(BLOCK, /^three$/)).toEqual({ text: "3:three\n", matches: 1 });
  expect(grepLines(BLOCK, /zzz/)).toEqual({ text: "", matches: 0 });
});

test("a global pattern matches every line: its lastIndex is reset before each test", () => {
  expect(grepLines("ab\nab\nab\n", /b/g)).toEqual({ text: "1:ab\n2:ab\n3:ab\n", matches: 3 });
  expect(grepLines("ab\nab\n", /a/g)).toEqual({ text: "1:ab\n2:ab\n", matches: 2 });
});
