/**
 * The gates of the pipeline's stages (src/core/guard.ts, distill-stage.ts, pipeline.ts) at their
 * edges: the input ceiling, a Read's path in the format sniff, the shape fallback, the collapse
 * fallback and its guardrail, the enormous-input trim, and the marker that must pay for itself.
 * A planted distiller stands in where the check under test sits behind every real one.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { MAX_INPUT_BYTES } from "../../src/base/limits.ts";
import { runPipeline } from "../../src/core/pipeline.ts";
import type { PipelineRequest } from "../../src/core/pipeline-types.ts";
import { distillers } from "../../src/distillers/index.ts";
import { defineDistiller } from "../../src/distillers/types.ts";
import { fixedClock, memoryStore } from "../helpers/memory-store.ts";
import { fixture } from "../helpers/pipeline-run.ts";

const NOISE = Array.from({ length: 120 }, (_, i) => `Downloading package-${i} v1.${i}.0`).join("\n") + "\nDone: 120 packages ready\n";
const INFO_LOG = Array.from({ length: 100 }, (_, i) => `[INFO] fetched page ${i}`).join("\n") + "\ndone\n";
const TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";

function run(overrides: Partial<PipelineRequest>) {
  const request: PipelineRequest = { text: NOISE, command: "node fetch.js", entry: "exec", failed: false, agentId: "test", ...overrides };
  return runPipeline(request, { store: memoryStore(), clock: fixedClock });
}

const realGeneric = distillers.generic;
afterEach(() => {
  distillers.generic = realGeneric;
});
/** The generic distiller replaced by `distill` for one test (restored after each). */
function plantGeneric(distill: (text: string) => string | null): void {
  distillers.generic = defineDistiller({ ...realGeneric, describe: "planted", distill: ({ text }) => distill(text) });
}

/** The route `text` takes, and whether the distiller was handed it whole (not trimmed first). */
function distillerSees(text: string): { route: string; untrimmed: boolean } {
  let seen = "";
  plantGeneric((input) => {
    seen = input;
    return "summary\n";
  });
  return { route: run({ text }).route, untrimmed: seen === text };
}

describe("guard", () => {
  test("past the input ceiling the host keeps its own bytes: a secret in them is not masked either", () => {
    const huge = `token = "${TOKEN}"\n${"Downloading package v1.0.0 from the registry mirror\n".repeat(Math.ceil(MAX_INPUT_BYTES / 52) + 10)}`;
    const result = run({ text: huge });
    expect(result.reason).toBe("too large");
    expect(result.delivered === huge).toBe(true);
  });

  test("a payload of exactly the input ceiling is still sniffed: a JSON document passes through as one", () => {
    const json = `[${"1,".repeat((MAX_INPUT_BYTES - 4) / 2)}11]`;
    expect(json.length).toBe(MAX_INPUT_BYTES);
    const result = run({ text: json });
    expect(result.reason).toBe("structured:json");
    expect(result.delivered === json).toBe(true);
  });

  test("a Read of a text file is never taken for CSV; the same rows in a .csv file are", () => {
    const rows = ["name,team,city", ...Array.from({ length: 30 }, (_, i) => `person${i},team${i % 3},city${i % 5}`)].join("\n") + "\n";
    const asRead = (path: string) => run({ text: rows, command: path, tool: "Read", entry: "hook" });
    expect(asRead("/home/dev/app/data.csv").reason).toBe("structured:csv");
    expect(asRead("/home/dev/app/notes.md").reason ?? "").not.toStartWith("structured");
    expect(run({ text: rows, command: "cat notes.md" }).reason).toBe("structured:csv");
  });
});

describe("distill stage", () => {
  test.each(["cargo test", "cargo build", "npx eslint .", "kubectl describe pod web", "journalctl -u web"])(
    "output `%s`'s distiller does not recognise is read by the generic shape miner",
    (command) => {
      const result = run({ command });
      expect(result.route).toBe("distilled");
      expect(result.delivered).toStartWith("Done: 120 packages ready\n[120 noise lines omitted]\n[OMNI: 119 lines omitted, omni retrieve ");
    },
  );

  test("output its routed distiller barely shortens is read by a test runner's report when one ends it", () => {
    const f = fixture("test", "h11_npm_run_borp_pino_desc_level_fail");
    const result = run({ text: f.text, command: f.command, failed: true });
    expect(result.route).toBe("distilled");
    expect(result.delivered).toContain("✖ failing tests:");
    expect(result.delivered).toContain("(/home/dev/src/pino-10.4.0/test/is-level-enabled.test.js:119:12)");
    // A table its distiller kept on purpose (esbuild's --analyze) is not that: it goes on whole.
    const table = fixture("build", "esbuild_analyze_lodash");
    expect(run({ text: table.text, command: table.command })).toMatchObject({ route: "passthrough", reason: "below guardrail" });
  });

  test("a route with no shape fallback collapses what its distiller declines, and says so", () => {
    plantGeneric(() => null);
    const result = run({ text: INFO_LOG, command: "https://example.com/log", tool: "WebFetch", entry: "hook" });
    expect(result.route).toBe("collapsed");
    expect(result.delivered).toStartWith("100 INFO entries (collapsed from 100 lines)\ndone\n[OMNI: 99 lines omitted, omni retrieve ");
  });

  test("a distilled form at exactly 95% of the input does not beat the guardrail: collapse is tried", () => {
    const text = `${INFO_LOG}xxxxx`;
    expect(text.length).toBe(2300);
    const webFetch = { text, command: "https://example.com/log", tool: "WebFetch", entry: "hook" as const };
    plantGeneric((input) => input.slice(0, 2185));
    expect(run(webFetch).route).toBe("collapsed");
    // One byte under 95% beats it, and 95% saves too little to deliver.
    plantGeneric((input) => input.slice(0, 2184));
    expect(run(webFetch)).toMatchObject({ route: "passthrough", reason: "below guardrail" });
  });

  test("under 2 MB nothing is trimmed, however many lines", () => {
    const text = Array.from({ length: 7000 }, (_, i) => `line ${i}`).join("\n") + "\n";
    expect(distillerSees(text)).toEqual({ route: "distilled", untrimmed: true });
  });

  test("past 2 MB a payload of few lines is not trimmed: there is no middle to skip", () => {
    const text = `${"a".repeat(1_000_000)}\n${"b".repeat(1_000_000)}\n${"c".repeat(1_000_000)}\n`;
    expect(distillerSees(text)).toEqual({ route: "distilled", untrimmed: true });
  });
});

describe("pipeline gates", () => {
  test("with the filters off (a bench arm) no distiller runs: the bytes go on as they are", () => {
    const off = runPipeline(
      { text: NOISE, command: "node fetch.js", entry: "exec", failed: false, agentId: "test" },
      { store: memoryStore(), clock: fixedClock, stages: { filters: false, ledger: false } },
    );
    expect(off).toMatchObject({ delivered: NOISE, route: "passthrough", reason: "filters off" });
    expect(run({}).delivered.length).toBeLessThan(NOISE.length);
  });

  test("empty output is handed back as it is, and says why", () => {
    expect(run({ text: "" })).toMatchObject({ delivered: "", changed: false, route: "passthrough", reason: "empty" });
  });

  test("a marker that would leave the reply saving less than a tenth of the input is not written", () => {
    const text = Array.from({ length: 20 }, (_, i) => `[INFO] fetched page number ${i}`).join("\n") + "\n";
    expect(text.length).toBe(590);
    // One line kept: the marker reads "19 lines omitted" and, with its two newlines, is 74 bytes.
    // 90% of 590 is 531: a reply of 531 bytes saves too little, one of 530 enough.
    plantGeneric(() => "x".repeat(531 - 74));
    expect(run({ text })).toMatchObject({ delivered: text, route: "passthrough", reason: "marker would not pay" });
    plantGeneric(() => "x".repeat(530 - 74));
    const paying = run({ text });
    expect(paying.delivered.length).toBe(530);
    expect(paying.delivered).toContain("[OMNI: 19 lines omitted, omni retrieve ");
  });

  test("a distilled form with as many lines as the input names the bytes it dropped", () => {
    plantGeneric((input) => input.replaceAll("Downloading package-", "pkg-"));
    const out = NOISE.replaceAll("Downloading package-", "pkg-");
    expect(run({}).delivered).toContain(`[OMNI: ${NOISE.length - out.length} bytes omitted, omni retrieve `);
    expect(NOISE.length - out.length).toBe(120 * 16);
  });
});

describe("the run record", () => {
  test("a run with no footer is recorded with footer `none`", () => {
    const store = memoryStore();
    runPipeline({ text: NOISE, command: "node fetch.js", entry: "exec", failed: false, agentId: "test" }, { store, clock: fixedClock });
    expect(store.runs.map((row) => row.footer)).toEqual(["none"]);
  });

  test("with no store nothing is recorded, and nothing fails on the way (no error logged)", () => {
    const logged: string[] = [];
    const result = runPipeline(
      { text: NOISE, command: "node fetch.js", entry: "exec", failed: false, agentId: "test" },
      { store: null, clock: fixedClock, log: (line) => logged.push(line) },
    );
    expect(result.reason).toBe("no archive");
    expect(logged).toEqual([]);
  });
});

describe("the cut for the host's view", () => {
  // A failed run no distiller reads, past the host's view: a script's log, one failure in its middle.
  const lines = Array.from({ length: 600 }, (_, i) => `step ${i}: widget ${i * 7} calibrated at offset ${i % 13}`);
  lines.splice(300, 0, "ERROR: widget 2100 rejected: offset out of range (expected 0..12, got 40)");
  const LOG = `${lines.join("\n")}\nall steps ran; see above\n`;
  const view = { viewCapBytes: 10_000, viewTailShare: 1 / 2 };

  test("output no stage changed is cut by omni under the host's view, its failure kept and the middle archived first", () => {
    plantGeneric(() => null);
    const store = memoryStore();
    const result = runPipeline(
      { text: LOG, command: "./calibrate.sh", entry: "exec", failed: true, agentId: "test", ...view },
      { store, clock: fixedClock },
    );
    expect(result.route).toBe("cut");
    expect(result.bytesOut).toBeLessThanOrEqual(10_000);
    expect(result.delivered).toContain("ERROR: widget 2100 rejected");
    expect(result.delivered).toContain("all steps ran; see above");
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(result.delivered)?.[1];
    expect(store.blocks.get(handle!)).toContain("step 299: widget 2093");
  });

  test("under the view, with no view, or with the archive down, the raw bytes pass through", () => {
    plantGeneric(() => null);
    expect(run({ text: LOG, failed: true }).route).toBe("passthrough");
    expect(run({ text: LOG, failed: true, viewCapBytes: LOG.length }).route).toBe("passthrough");
    const down = memoryStore();
    down.failArchive = true;
    const result = runPipeline(
      { text: LOG, command: "./calibrate.sh", entry: "exec", failed: true, agentId: "test", ...view },
      { store: down, clock: fixedClock },
    );
    expect(result.delivered).toBe(LOG);
    expect(result.route).toBe("passthrough");
  });

  test("a listing or a file's text (no distiller routed) and a structured payload are left to the host", () => {
    const listing = run({ text: LOG, command: "git ls-files", failed: true, ...view });
    expect(listing.route).toBe("passthrough");
    expect(listing.delivered).toBe(LOG);
    const json = `[${Array.from({ length: 2000 }, (_, i) => `{"step":${i},"ok":true}`).join(",")}]\n`;
    const structured = run({ text: json, command: "./calibrate.sh --json", ...view });
    expect(structured.delivered).toBe(json);
  });
});
