import { expect, test } from "bun:test";
import { byteLength, stripAnsi } from "../../src/base/lines.ts";
import { enormousMarker, footerText, formatBytes, lostDescription, withEnormousHandle } from "../../src/base/markers.ts";

test("sizes read in B under a kibibyte, KB under a mebibyte, MB above, one decimal", () => {
  expect(formatBytes(0)).toBe("0 B");
  expect(formatBytes(1023)).toBe("1023 B");
  expect(formatBytes(1024)).toBe("1.0 KB");
  expect(formatBytes(1536)).toBe("1.5 KB");
  expect(formatBytes(1024 * 1024 - 1)).toBe("1024.0 KB");
  expect(formatBytes(1024 * 1024)).toBe("1.0 MB");
  expect(formatBytes(5 * 1024 * 1024 + 512 * 1024)).toBe("5.5 MB");
  expect(formatBytes(100 * 1024 * 1024)).toBe("100.0 MB");
});

const RUN = { route: "test", handle: "1a2b3c4d5e6f7a8b", bytesIn: 2048, bytesOut: 512, latencyMs: 12.4 };

test("the text footer states the cut, both sizes and the time", () => {
  expect(footerText("text", RUN)).toBe("[OMNI Active] ⏺ 75.0% reduction (2.0 KB → 512 B) 12ms\n");
  expect(footerText("json", RUN)).toBe('{"route":"test","hash":"1a2b3c4d5e6f7a8b","bytes_saved":1536}\n');
  expect(footerText("none", RUN)).toBeNull();
});

test("the text footer is printed only for a cut over 10% or a run over 100 ms", () => {
  const at = (bytesOut: number, latencyMs: number) => footerText("text", { ...RUN, bytesIn: 1000, bytesOut, latencyMs });
  expect(at(900, 100)).toBeNull(); // exactly 10%, exactly 100 ms: neither is over
  expect(at(899, 100)).toBe("[OMNI Active] ⏺ 10.1% reduction (1000 B → 899 B) 100ms\n");
  expect(at(1000, 101)).toBe("[OMNI Active] ⏺ 0.0% reduction (1000 B → 1000 B) 101ms\n");
  expect(footerText("text", { ...RUN, bytesIn: 0, bytesOut: 0, latencyMs: 150 })).toBe(
    "[OMNI Active] ⏺ 0.0% reduction (0 B → 0 B) 150ms\n",
  );
});

test("the pre-trim marker gains its handle inside the brackets, the rest of the text untouched", () => {
  const text = `head${enormousMarker(42)}tail`;
  expect(withEnormousHandle(text, "1a2b3c4d5e6f7a8b")).toBe(
    "head\n\n... [OMNI: 42 lines omitted due to extreme length (>2MB), omni retrieve 1a2b3c4d5e6f7a8b] ...\n\ntail",
  );
});

test("ANSI colour and OSC sequences (title, hyperlink) are stripped, bell- or ST-terminated", () => {
  expect(stripAnsi("\x1b[31mred\x1b[0m plain")).toBe("red plain");
  expect(stripAnsi("\x1b]0;title\x07after")).toBe("after");
  expect(stripAnsi("\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\")).toBe("link");
  expect(stripAnsi("no escapes")).toBe("no escapes");
});

test("byte length counts UTF-8 bytes, not characters", () => {
  expect(byteLength("é✓")).toBe(5);
});

test("the whole-output marker counts the lines a distilled form dropped, or its bytes when it dropped none", () => {
  expect(lostDescription("a\nb\nc\n", "a\nc\n")).toBe("1 lines");
  expect(lostDescription("a\nb\nc\n", "a\n")).toBe("2 lines");
  expect(lostDescription("a long line\nb\n", "a\nb\n")).toBe("10 bytes");
});
