import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { carriesFailure } from "../../src/base/failure.ts";
import { byteLength, splitInclusive } from "../../src/base/lines.ts";
import { planFolds, renderFolds, type DecidedRun, type Sighting } from "../../src/ledger/plan.ts";
import { readContent } from "../helpers/corpus.ts";

// Real lines (a source file and a traceback), sighted at random: the invariants hold for any history.
// Every line keeps a terminator, since lines are cycled: only a payload's last line may lack one.
const POOL = [
  ...splitInclusive(`${readContent("gen-commander-help-padwidth-long", "lib/argument.js")}\n`),
  "ValueError: first() was called on an empty iterable, and no default value was provided.\n",
  "src/test_auth.py::test_login FAILED                                    [ 2%]\r\n",
];
const SIGHTINGS: Array<Sighting | null> = [
  null,
  { origin: "session", from: "" },
  { origin: "project", from: "" },
  { origin: "session", from: "lib/help.js" },
];

// Histories come in stretches, as real ones do (a file read earlier, a command run before).
const stretches = fc.array(fc.record({ length: fc.integer({ min: 1, max: 40 }), sighting: fc.nat(SIGHTINGS.length - 1) }), {
  minLength: 1,
  maxLength: 12,
});
const payload = fc.record({
  start: fc.nat(POOL.length - 1),
  stretches,
  window: fc.boolean(),
});

describe("planFolds + renderFolds, for any payload and any history", () => {
  test("every marker stands for exactly the lines it replaced, no failure line is folded, nothing grows, window numbers stay true", () => {
    let folds = 0;
    fc.assert(
      fc.property(payload, ({ start, stretches, window }) => {
        const sightings = stretches.flatMap(({ length, sighting }) => Array<Sighting | null>(length).fill(SIGHTINGS[sighting]!));
        const lines = sightings.map((_, i) => POOL[(start + i) % POOL.length]!);
        const runs = planFolds(lines, sightings);
        folds += runs.length;
        const decided: DecidedRun[] = runs.map((run, n) => ({ ...run, handle: n.toString(16).padStart(16, "0") }));
        const rendered = renderFolds(lines, decided, window);
        for (const run of runs) expect(lines.slice(run.start, run.end).some(carriesFailure)).toBe(false);
        if (!rendered) return;
        const input = lines.join("");
        expect(byteLength(rendered.text)).toBeLessThan(byteLength(input));
        // Expand each marker by its run's bytes: the input comes back byte for byte.
        const byHandle = new Map(rendered.folded.map((run) => [run.handle, run.body]));
        const expanded = splitInclusive(rendered.text)
          .map((line) => byHandle.get(/omni retrieve ([0-9a-f]{16})\]/.exec(line)?.[1] ?? "") ?? line)
          .join("");
        expect(expanded).toBe(input);
        if (!window) return;
        // Every visible line sits at its own number once the first line moved by lineShift.
        let at = 0;
        splitInclusive(rendered.text).forEach((line, i) => {
          const run = rendered.folded.find((r) => r.start === at && line.includes(r.handle));
          if (run) {
            at = run.end;
            return;
          }
          expect(i + rendered.lineShift).toBe(at);
          at++;
        });
      }),
      { numRuns: 300 },
    );
    // Not vacuous: the generated histories do fold.
    expect(folds).toBeGreaterThan(100);
  });
});
