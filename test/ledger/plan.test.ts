import { describe, expect, test } from "bun:test";
import { lineKey } from "../../src/base/handle.ts";
import { byteLength, splitInclusive } from "../../src/base/lines.ts";
import { MAX_ARCHIVE_BYTES, MIN_LEDGER_INPUT_BYTES } from "../../src/base/limits.ts";
import { foldRepeats } from "../../src/ledger/fold.ts";
import type { LedgerStore } from "../../src/ledger/types.ts";
import { markerFor, planFolds, renderFolds, sourceLabel, type DecidedRun, type Run, type Sighting } from "../../src/ledger/plan.ts";
import { readContent } from "../helpers/corpus.ts";

// A real file the agent read in a recorded session.
const ARGUMENT_JS = splitInclusive(readContent("gen-commander-help-padwidth-long", "lib/argument.js"));
const SESSION: Sighting = { origin: "session", from: "" };
const PROJECT: Sighting = { origin: "project", from: "" };
const FAKE_HANDLE = "1234567890abcdef";

function sighted(lines: string[], seen: (i: number) => Sighting | null): Array<Sighting | null> {
  return lines.map((_, i) => seen(i));
}

/** Real lines, the last one cut so that the run's body is exactly `bytes` long. */
function runOfBytes(bytes: number): string[] {
  const out: string[] = [];
  let total = 0;
  for (const line of ARGUMENT_JS) {
    if (total + byteLength(line) >= bytes) {
      out.push(`${line.slice(0, bytes - total - 1)}\n`);
      return out;
    }
    out.push(line);
    total += byteLength(line);
  }
  throw new Error("file too short");
}

/** Real lines whose bytes exceed their session marker's by exactly `gain`. */
function runSaving(gain: number, origin: Sighting["origin"] = "session"): string[] {
  let bytes = gain + 60;
  for (;;) {
    const run = runOfBytes(bytes);
    const markerBytes = byteLength(
      markerFor({ start: 0, end: run.length, origin, from: "", wholeOutput: false, body: run.join("") }, FAKE_HANDLE),
    );
    if (bytes === markerBytes + gain) return run;
    bytes = markerBytes + gain;
  }
}

function decide(runs: Run[]): DecidedRun[] {
  return runs.map((run) => ({ ...run, handle: FAKE_HANDLE }));
}

describe("planFolds", () => {
  test("folds a session run only when it saves 150 bytes beyond its marker", () => {
    const head = ARGUMENT_JS.slice(0, 60); // unseen, keeps the payload over 1 KB
    for (const [gain, folds] of [
      [150, 1],
      [149, 0],
    ] as const) {
      const run = runSaving(gain);
      const lines = [...head, ...run];
      expect(
        planFolds(
          lines,
          sighted(lines, (i) => (i >= head.length ? SESSION : null)),
        ).length,
      ).toBe(folds);
    }
  });

  test("asks three times as much of a project run: 450 bytes beyond its marker", () => {
    const head = ARGUMENT_JS.slice(0, 60);
    for (const [gain, folds] of [
      [450, 1],
      [449, 0],
    ] as const) {
      const lines = [...head, ...runSaving(gain, "project")];
      expect(
        planFolds(
          lines,
          sighted(lines, (i) => (i >= head.length ? PROJECT : null)),
        ).length,
      ).toBe(folds);
      // The same lines from this reader's own history clear the lower bar.
      expect(
        planFolds(
          lines,
          sighted(lines, (i) => (i >= head.length ? SESSION : null)),
        ).length,
      ).toBe(1);
    }
  });

  test("leaves a payload under 1 KB alone when 80% of it was already seen", () => {
    const lines = runOfBytes(1000);
    expect(
      planFolds(
        lines,
        sighted(lines, () => SESSION),
      ),
    ).toEqual([]);
    const unseen = Math.ceil(lines.length * 0.3);
    expect(
      planFolds(
        lines,
        sighted(lines, (i) => (i < unseen ? null : SESSION)),
      ).length,
    ).toBe(1);
  });

  test("never folds a failure line and splits the run around it", () => {
    const failure = "ValueError: first() was called on an empty iterable, and no default value was provided.\n";
    const lines = [...ARGUMENT_JS.slice(0, 40), failure, ...ARGUMENT_JS.slice(40, 80)];
    const runs = planFolds(
      lines,
      sighted(lines, () => SESSION),
    );
    expect(runs.map((run) => [run.start, run.end])).toEqual([
      [0, 40],
      [41, 81],
    ]);
    expect(runs.every((run) => !run.body.includes("ValueError"))).toBe(true);
  });

  test("never merges a session stretch with a project stretch", () => {
    const lines = ARGUMENT_JS.slice(0, 120);
    const byOrigin = planFolds(
      lines,
      sighted(lines, (i) => (i < 60 ? SESSION : PROJECT)),
    );
    expect(byOrigin.map((run) => [run.origin, run.start, run.end])).toEqual([
      ["session", 0, 60],
      ["project", 60, 120],
    ]);
  });

  test("never splits a run on where its lines were first shown: the label is wording only", () => {
    const lines = ARGUMENT_JS.slice(0, 120);
    // A `}` or a blank line first seen in another file, every few lines.
    const mixed = planFolds(
      lines,
      sighted(lines, (i) => ({ origin: "session", from: i % 7 === 3 ? "lib/help.js" : "" })),
    );
    expect(mixed.map((run) => [run.from, run.start, run.end])).toEqual([["", 0, 120]]);
    const oneSource = planFolds(
      lines,
      sighted(lines, () => ({ origin: "session", from: "lib/help.js" })),
    );
    expect(oneSource.map((run) => [run.from, run.start, run.end])).toEqual([["lib/help.js", 0, 120]]);
  });

  test("folds a long run shown before as one block under the archive cap", () => {
    // A 90 KB stretch of real lines, all shown before: a block holds it whole.
    const lines = Array.from({ length: 30 }, () => ARGUMENT_JS).flat();
    const runs = planFolds(
      lines,
      sighted(lines, () => SESSION),
    );
    expect(runs).toHaveLength(1);
    expect(byteLength(runs[0]!.body)).toBeLessThanOrEqual(MAX_ARCHIVE_BYTES);
    expect(runs[0]!.body).toBe(lines.join(""));
  });

  test("marks a run covering every line as the whole output", () => {
    const lines = ARGUMENT_JS;
    const [run] = planFolds(
      lines,
      sighted(lines, () => SESSION),
    );
    expect(run!.wholeOutput).toBe(true);
    // The file has no final newline, so neither has the marker that stands for all of it.
    expect(markerFor(run!, FAKE_HANDLE)).toBe(`[OMNI: identical to the ${lines.length} lines already shown, omni retrieve ${FAKE_HANDLE}]`);
    const [project] = planFolds(
      lines,
      sighted(lines, () => PROJECT),
    );
    expect(markerFor(project!, FAKE_HANDLE)).toBe(
      `[OMNI: identical to ${lines.length} lines from an earlier session, none shown here, omni retrieve ${FAKE_HANDLE}]`,
    );
  });
});

describe("small payloads read back within seconds", () => {
  test("under 1 KB and at least 80% already shown, a payload is delivered whole; at 1 KB it folds", () => {
    const small = runOfBytes(1023);
    expect(
      planFolds(
        small,
        sighted(small, () => SESSION),
      ),
    ).toEqual([]);
    const large = runOfBytes(1024);
    expect(
      planFolds(
        large,
        sighted(large, () => SESSION),
      ).length,
    ).toBe(1);
  });

  test("the 80% counts the bytes shown: 799 of 1000 folds, 800 of 1000 does not", () => {
    const line = `${"a".repeat(99)}\n`;
    const seenFirst = (lines: string[]) => sighted(lines, (i) => (i < 8 ? SESSION : null));
    const under = [...Array.from({ length: 7 }, () => line), `${"a".repeat(98)}\n`, `${"x".repeat(200)}\n`];
    expect(under.map(byteLength)).toEqual([100, 100, 100, 100, 100, 100, 100, 99, 201]);
    expect(planFolds(under, seenFirst(under)).length).toBe(1);
    const at = [...Array.from({ length: 8 }, () => line), `${"x".repeat(199)}\n`];
    expect(planFolds(at, seenFirst(at))).toEqual([]);
  });
});

describe("foldRepeats", () => {
  test("does not even look up a payload under 264 bytes", () => {
    const lookups: number[] = [];
    const store: LedgerStore = {
      seen: (_scope, keys) => (lookups.push(keys.length), new Map(keys.map((key) => [key, { source: null, agentId: null }]))),
      takeOwedDelivery: () => false,
      record: () => {},
      touch: () => {},
      recordFolds: () => {},
    };
    const context = { readerScope: "s1", projectScope: null, agentId: "claude_code", source: "", window: false };
    expect(foldRepeats(runOfBytes(MIN_LEDGER_INPUT_BYTES - 1).join(""), context, store, () => FAKE_HANDLE)).toBeNull();
    expect(lookups).toEqual([]);
    foldRepeats(runOfBytes(MIN_LEDGER_INPUT_BYTES).join(""), context, store, () => FAKE_HANDLE);
    expect(lookups.length).toBe(1);
  });
});

describe("foldRepeats in a window", () => {
  test("archives only the runs it can show, so no block is stored for a fold the window refuses", () => {
    const lines = ARGUMENT_JS.slice(0, 140);
    const seen = (i: number) => (i >= 20 && i < 70) || i >= 90;
    const keys = new Set(lines.filter((_, i) => seen(i)).map((line) => lineKey(line)));
    const store: LedgerStore = {
      seen: (_scope, asked) => new Map(asked.filter((key) => keys.has(key)).map((key) => [key, { source: null, agentId: null }])),
      takeOwedDelivery: () => false,
      record: () => {},
      touch: () => {},
      recordFolds: () => {},
    };
    const archived: string[] = [];
    const folded = foldRepeats(
      lines.join(""),
      { readerScope: "s1", projectScope: null, agentId: "claude_code", source: "", window: true },
      store,
      (body) => (archived.push(body), FAKE_HANDLE),
    )!;
    // The interior run (lines 20-69) would leave a gap: neither folded nor archived. The trailing run is both.
    expect(archived.length).toBe(1);
    const marker = /\[OMNI: \d+ lines already shown, omni retrieve [0-9a-f]{16}\]\n$/.exec(folded.text)![0];
    expect(folded.text.slice(0, -marker.length) + archived[0]).toBe(lines.join(""));
    expect(folded.text.startsWith(lines.slice(0, 70).join(""))).toBe(true);
  });
});

describe("renderFolds", () => {
  test("keeps CRLF terminators byte-exact in the body, the marker and the rest", () => {
    const lines = ARGUMENT_JS.map((line) => line.replace(/\n$/, "\r\n"));
    const runs = planFolds(
      lines,
      sighted(lines, (i) => (i < 100 ? SESSION : null)),
    );
    const rendered = renderFolds(lines, decide(runs), false)!;
    expect(runs[0]!.body).toBe(lines.slice(0, 100).join(""));
    expect(rendered.text).toBe(`[OMNI: 100 lines already shown, omni retrieve ${FAKE_HANDLE}]\r\n${lines.slice(100).join("")}`);
  });

  test("ends the marker without a terminator when the run had none", () => {
    const lines = ARGUMENT_JS.slice(0, 100);
    lines[99] = lines[99]!.replace(/\n$/, "");
    const runs = planFolds(
      lines,
      sighted(lines, (i) => (i >= 20 ? SESSION : null)),
    );
    expect(renderFolds(lines, decide(runs), false)!.text.endsWith(`omni retrieve ${FAKE_HANDLE}]`)).toBe(true);
  });

  test("moves a window's first line number by the lines folded above it", () => {
    const lines = ARGUMENT_JS.slice(0, 100);
    const runs = planFolds(
      lines,
      sighted(lines, (i) => (i < 60 ? SESSION : null)),
    );
    const rendered = renderFolds(lines, decide(runs), true)!;
    // 60 lines became one marker: the first visible line (index 60) must still be number start+60.
    expect(rendered.lineShift).toBe(59);
    expect(renderFolds(lines, decide(runs), false)!.lineShift).toBe(0);
  });

  test("does not move a window whose folded lines are below the visible ones", () => {
    const lines = ARGUMENT_JS.slice(0, 100);
    const runs = planFolds(
      lines,
      sighted(lines, (i) => (i >= 40 ? SESSION : null)),
    );
    expect(renderFolds(lines, decide(runs), true)!.lineShift).toBe(0);
  });

  test("refuses a fold that would leave a gap in the middle of a window", () => {
    const lines = ARGUMENT_JS.slice(0, 140);
    // visible | folded | visible | folded: only the trailing fold keeps every number true.
    const runs = planFolds(
      lines,
      sighted(lines, (i) => ((i >= 20 && i < 70) || i >= 90 ? SESSION : null)),
    );
    expect(runs.length).toBe(2);
    const inWindow = renderFolds(lines, decide(runs), true)!;
    expect(inWindow.folded.map((run) => run.start)).toEqual([90]);
    expect(inWindow.text.startsWith(lines.slice(0, 90).join(""))).toBe(true);
    expect(renderFolds(lines, decide(runs), false)!.folded.length).toBe(2);
  });
});

describe("sourceLabel", () => {
  test("takes the first line, collapses whitespace and control characters, cuts at 40 characters", () => {
    expect(sourceLabel("git log\t--oneline\n-25")).toBe("git log --oneline");
    expect(sourceLabel("/repo/commander.js/lib/very/long/path/to/help.js")).toBe("/repo/commander.js/lib/very/long/path/to");
  });
});

test("a run ends at its last seen line: the unseen line after it is never folded with it", () => {
  // The unseen line is long enough to pay for a marker of its own, so only the run's bounds keep it out.
  const seenHead = 20;
  const longUnseen = `${ARGUMENT_JS.slice(20, 60)
    .map((line) => line.trim())
    .join(" ")}\n`;
  const lines = [...ARGUMENT_JS.slice(0, seenHead), longUnseen, ...ARGUMENT_JS.slice(60, 70)];
  const runs = planFolds(
    lines,
    sighted(lines, (i) => (i < seenHead ? SESSION : null)),
  );
  expect(runs.map((run) => [run.start, run.end])).toEqual([[0, seenHead]]);
  for (const run of runs) expect(run.body).toBe(lines.slice(run.start, run.end).join(""));
});
