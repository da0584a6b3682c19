import { describe, expect, test } from "bun:test";
import { handleFor } from "../../src/base/handle.ts";
import { MAX_INPUT_BYTES } from "../../src/base/limits.ts";
import { runPipeline } from "../../src/core/pipeline.ts";
import type { PipelineRequest } from "../../src/core/pipeline-types.ts";
import { distillers } from "../../src/distillers/index.ts";
import { defineDistiller } from "../../src/distillers/types.ts";
import { fixedClock, memoryStore } from "../helpers/memory-store.ts";

const NOISE = Array.from({ length: 120 }, (_, i) => `Downloading package-${i} v1.${i}.0`).join("\n") + "\nDone: 120 packages ready\n";

function request(overrides: Partial<PipelineRequest> = {}): PipelineRequest {
  return { text: NOISE, command: "node fetch.js", entry: "exec", failed: false, agentId: "test", ...overrides };
}

describe("runPipeline", () => {
  test("archives the raw bytes and names their handle in the marker", () => {
    const store = memoryStore();
    const result = runPipeline(request(), { store, clock: fixedClock });
    expect(result.changed).toBe(true);
    expect(result.handle).toBe(handleFor(NOISE));
    expect(result.delivered).toContain(`omni retrieve ${result.handle} for full output]`);
    expect(store.blocks.get(result.handle!)).toBe(NOISE);
  });

  test("writes no marker and delivers the raw bytes when the archive write fails", () => {
    const store = memoryStore();
    store.failArchive = true;
    const result = runPipeline(request(), { store, clock: fixedClock });
    expect(result.delivered).toBe(NOISE);
    expect(result.reason).toBe("archive failed");
  });

  test("passes through when there is no store at all", () => {
    const result = runPipeline(request(), { store: null, clock: fixedClock });
    expect(result.changed).toBe(false);
    expect(result.reason).toBe("no archive");
  });

  test("records one run per call, passthroughs included", () => {
    const store = memoryStore();
    runPipeline(request(), { store, clock: fixedClock });
    runPipeline(request({ text: "short" }), { store, clock: fixedClock });
    expect(store.runs.map((run) => [run.route, run.reason])).toEqual([
      ["distilled", null],
      ["passthrough", "below gain floor"],
    ]);
  });

  test("hands back raw bytes when the output is within 10% of the input", () => {
    const store = memoryStore();
    const text =
      Array.from({ length: 40 }, (_, i) => `row ${i}: value ${i * 7}`).join("\n") + "\nDownloading a\nDownloading b\nDownloading c\n";
    const result = runPipeline(request({ text }), { store, clock: fixedClock });
    expect(result.delivered).toBe(text);
    expect(result.reason).toBe("below guardrail");
  });

  test("hands back raw bytes rather than drop a line that states a failure", () => {
    const store = memoryStore();
    const text = Array.from({ length: 150 }, (_, i) => `item ${i} processed`).join("\n") + "\nthe upload failed with status 500\n";
    // Every real distiller keeps failure lines; a planted one that keeps only the first line
    // shows the check behind them all.
    const real = distillers.generic;
    distillers.generic = defineDistiller({
      ...real,
      describe: "planted defect",
      distill: ({ text: raw }) => `${raw.split("\n")[0]}\n`,
    });
    try {
      const result = runPipeline(request({ text }), { store, clock: fixedClock });
      expect(result.delivered).toBe(text);
      expect(result.reason).toBe("would have dropped the failure");
    } finally {
      distillers.generic = real;
    }
  });

  test("a line redrawn with carriage returns is checked by its frames: its failing frame must stay, the frames that pass may go", () => {
    const store = memoryStore();
    const redrawn = "run 1 passed\rcase 7 failed: got 3\rrun 3 passed";
    const text = `${Array.from({ length: 150 }, (_, i) => `item ${i} processed`).join("\n")}\n${redrawn}\n`;
    const real = distillers.generic;
    const keeping = (frames: string) =>
      defineDistiller({ ...real, describe: "planted", distill: ({ text: raw }) => `${raw.split("\n")[0]}\n${frames}\n` });
    try {
      distillers.generic = keeping("case 7 failed: got 3\nrun 3 passed");
      const kept = runPipeline(request({ text }), { store, clock: fixedClock });
      expect(kept.delivered).toContain("case 7 failed: got 3");
      expect(kept.delivered).not.toContain("item 5 processed");
      distillers.generic = keeping("run 3 passed");
      expect(runPipeline(request({ text }), { store, clock: fixedClock }).reason).toBe("would have dropped the failure");
    } finally {
      distillers.generic = real;
    }
  });

  test("passes a failed command through verbatim when no line of it repeats past a signal", () => {
    const result = runPipeline(request({ failed: true, exitCode: 1 }), { store: memoryStore(), clock: fixedClock });
    expect(result.delivered).toBe(NOISE);
    expect(result.route).toBe("passthrough");
  });

  test("folds a failed run's repetitive lines and keeps its failure, its explanation and its tally", () => {
    const passing = Array.from({ length: 200 }, (_, i) => `ok ${i + 1} - case ${i + 1} parses`);
    const failure = [
      "not ok 201 - case 201 parses",
      "#   Failed test 'case 201 parses'",
      "#   at t/parse.t line 88.",
      "#          got: '3'",
      "#     expected: '4'",
    ];
    const text = [...passing.slice(0, 120), ...failure, ...passing.slice(120), "# Looks like you failed 1 test of 201.", ""].join("\n");
    const result = runPipeline(request({ text, command: "./run-tests.sh", failed: true, exitCode: 1 }), {
      store: memoryStore(),
      clock: fixedClock,
    });
    expect(result.route).toBe("distilled");
    for (const line of failure) expect(result.delivered).toContain(line);
    expect(result.delivered).toContain("# Looks like you failed 1 test of 201.");
    expect(result.delivered).toContain("ok 2 - case 2 parses\n[116 similar lines omitted]\nok 119 - case 119 parses");
    expect(result.delivered).toContain("[77 similar lines omitted]");
    expect(result.bytesOut * 10).toBeLessThan(result.bytesIn);
  });

  test.each([
    ["node fetch.js | head -50", "reshaped by head"],
    ["node fetch.js > out.log", "output redirected"],
    ["kubectl get pods -o json", "machine-readable output"],
    ["OMNI_PASSTHROUGH=1 node fetch.js", "passthrough requested"],
    ["omni retrieve 1234567890abcdef", "own recovery command"],
  ])("stands down for %p (%s)", (command, reason) => {
    const result = runPipeline(request({ command }), { store: memoryStore(), clock: fixedClock });
    expect(result.delivered).toBe(NOISE);
    expect(result.reason).toBe(reason);
  });

  test("stands down on OMNI_PASSTHROUGH from the environment", () => {
    const result = runPipeline(request({ passthroughRequested: true }), { store: memoryStore(), clock: fixedClock });
    expect(result.changed).toBe(false);
  });

  test("hands back raw bytes and records a timeout past the deadline", () => {
    let now = 0;
    const slowClock = { now: () => (now += 1200) };
    const store = memoryStore();
    const result = runPipeline(request(), { store, clock: slowClock, deadlineMs: 1000 });
    expect(result.delivered).toBe(NOISE);
    expect(result.route).toBe("timeout");
    expect(store.runs[0]!.route).toBe("timeout");
  });

  test("never re-distills output that already carries an omni marker", () => {
    const store = memoryStore();
    const once = runPipeline(request(), { store, clock: fixedClock }).delivered;
    const padded = once + "\n" + "x".repeat(300) + "\n";
    const twice = runPipeline(request({ text: padded }), { store, clock: fixedClock });
    expect(twice.reason).toBe("already distilled");
  });

  test("keeps CRLF terminators byte-exact in what it archives", () => {
    const store = memoryStore();
    const crlf = NOISE.replaceAll("\n", "\r\n");
    const result = runPipeline(request({ text: crlf }), { store, clock: fixedClock });
    expect(store.blocks.get(result.handle!)).toBe(crlf);
  });

  test("keeps no raw text in the row of a payload past the input ceiling, however it passed through", () => {
    const huge = `${"Downloading package v1.0.0 from the registry mirror\n".repeat(Math.ceil(MAX_INPUT_BYTES / 52) + 10)}`;
    expect(huge.length).toBeGreaterThan(MAX_INPUT_BYTES);
    const cases: Partial<PipelineRequest>[] = [{}, { passthroughRequested: true }, { command: "OMNI_PASSTHROUGH=1 node fetch.js" }];
    for (const overrides of cases) {
      const store = memoryStore();
      const result = runPipeline(request({ text: huge, ...overrides }), { store, clock: fixedClock });
      expect(result.delivered).toBe(huge);
      const row = store.runs[0]!;
      expect({ reason: row.reason, raw: row.raw.length, delivered: row.delivered.length, inputBytes: row.inputBytes }).toEqual({
        reason: row.reason,
        raw: 0,
        delivered: 0,
        inputBytes: huge.length,
      });
    }
  });

  test("distills the output of omni diff like any other: only omni retrieve's output is the recovery itself", () => {
    const diffOutput = `command:   node fetch.js\nagent:     test\n\n${NOISE}`;
    const result = runPipeline(request({ command: "omni diff", text: diffOutput }), { store: memoryStore(), clock: fixedClock });
    expect(result.reason).not.toBe("own recovery command");
    const retrieved = runPipeline(request({ command: "omni retrieve 1234567890abcdef" }), { store: memoryStore(), clock: fixedClock });
    expect(retrieved.reason).toBe("own recovery command");
  });

  test("a masked secret in a Read reply adds no line, so every line keeps its number; a Bash reply is told above its output", () => {
    const lines = [
      ...Array.from({ length: 30 }, (_, i) => `const setting${i} = ${i};`),
      'const token = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";',
      "export {};",
    ];
    const file = `${lines.join("\n")}\n`;
    const read = runPipeline(request({ text: file, command: "/home/dev/app/src/config.ts", tool: "Read", entry: "hook" }), {
      store: memoryStore(),
      clock: fixedClock,
    });
    expect(read.changed).toBe(true);
    const delivered = read.delivered.split("\n");
    expect(delivered.length).toBe(lines.length + 1);
    expect(delivered[30]).not.toContain("ghp_");
    expect(delivered[30]).toContain("const token");
    for (const [index, line] of lines.entries()) if (index !== 30) expect(delivered[index]).toBe(line);
    const bash = runPipeline(request({ text: file, command: "cat src/config.ts", entry: "hook" }), {
      store: memoryStore(),
      clock: fixedClock,
    });
    expect(bash.delivered.split("\n").length).toBe(lines.length + 2);
    expect(bash.delivered.split("\n")[0]).toContain("[OMNI:");
  });
});
