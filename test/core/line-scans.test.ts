import { expect, test } from "bun:test";
import fc from "fast-check";
import { carriesFailure, failureLines } from "../../src/base/failure.ts";
import { countLines, splitInclusive, splitLines } from "../../src/base/lines.ts";
import { hasOmniMarkerLine, isOmniMarkerLine } from "../../src/base/markers.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

// The whole-block scans must answer exactly what the line-by-line definitions answer.
const real = loadFixtures().map((f) => f.text);
const pieces = [
  "error: x",
  "FAILED",
  "0 failed",
  "✗ bad",
  "✓ ok",
  "\r\n",
  "\r",
  "\n",
  "  [OMNI: 3 lines",
  "[OMNI x",
  "Error TS2322",
  "fail",
  "panic: ",
  "ok",
];
const text = fc.oneof(
  fc.constantFrom(...real),
  fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: "binary", maxLength: 20 })), { maxLength: 40 })
    .map((parts) => parts.join("")),
);

test("failureLines finds the same lines as checking every line", () => {
  fc.assert(
    fc.property(text, (t) => {
      const byLine = splitLines(t)
        .map((line) => line.trim())
        .filter((line) => line !== "" && carriesFailure(line));
      expect(failureLines(t)).toEqual(byLine);
    }),
    { numRuns: 500 },
  );
});

test("hasOmniMarkerLine agrees with checking every line", () => {
  fc.assert(
    fc.property(text, (t) => {
      expect(hasOmniMarkerLine(t)).toBe(splitLines(t).some(isOmniMarkerLine));
    }),
    { numRuns: 500 },
  );
});

test("countLines counts what splitInclusive splits", () => {
  fc.assert(
    fc.property(text, (t) => {
      expect(countLines(t)).toBe(splitInclusive(t).length);
    }),
    { numRuns: 500 },
  );
});
