import { afterAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sniffFormat } from "../../src/core/format.ts";
import { byteLength } from "../../src/base/lines.ts";
import { runPipeline } from "../../src/core/pipeline.ts";
import type { PipelineRequest } from "../../src/core/pipeline-types.ts";
import { getBlock } from "../../src/store/archive.ts";
import { openDatabase } from "../../src/store/db.ts";
import { createPipelineStore } from "../../src/store/index.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { corpusPayloads, FULL } from "../stress/helpers.ts";

const ONE_MARKER_BYTES = 200;
const home = mkdtempSync(join(tmpdir(), "omni-prop-"));
const db = openDatabase(join(home, "omni.db"));
const deps = { store: createPipelineStore(db), clock: { now: () => 1_780_000_000_000 } };
afterAll(() => {
  db.close();
  rmSync(home, { recursive: true, force: true });
});

const outputs = corpusPayloads()
  .map((p) => JSON.parse(p))
  .map((p) => ({
    text: String(p.tool_response?.stdout ?? p.tool_response?.file?.content ?? ""),
    command: String(p.tool_input?.command ?? p.tool_input?.file_path ?? ""),
    tool: String(p.tool_name),
  }))
  .filter((o) => o.text !== "");

const request = (text: string, command: string, tool: string): PipelineRequest => ({
  text,
  command,
  tool,
  entry: "hook",
  failed: false,
  agentId: "test",
  sessionId: "s",
});

function checkInvariants(text: string, command: string, tool: string): void {
  const result = runPipeline(request(text, command, tool), deps);
  expect(byteLength(result.delivered)).toBeLessThanOrEqual(byteLength(text) + ONE_MARKER_BYTES);
  if (sniffFormat(text) !== null) expect(result.delivered).toBe(text);
  for (const [, handle] of result.delivered.matchAll(/omni retrieve ([0-9a-f]{16})/g)) {
    if (text.includes(handle!)) continue;
    const block = getBlock(db, handle!);
    expect(block).not.toBeNull();
    if (handle === result.handle) expect(block!.content).toBe(text);
  }
}

const runs = FULL ? 2000 : 150;
/**
 * A property's runs each write to a real store: on a loaded machine one fsync can stall for
 * seconds. Time is the benchmark's to measure, not a property's to fail on.
 */
const PROPERTY_TIMEOUT_MS = 60_000;

test(
  "random and mutated real outputs: never throws, never longer than input plus one marker, handles resolve to what they replaced",
  () => {
    const mutated = fc.constantFrom(...outputs).chain((o) =>
      fc
        .record({
          at: fc.nat(o.text.length),
          cut: fc.nat(2000),
          insert: fc.oneof(
            fc.string({ unit: "binary", maxLength: 40 }),
            fc.constantFrom("\r\n", "\r", "\0", "\x1b[31m", "error: boom\n", "\ud800"),
          ),
        })
        .map(({ at, cut, insert }) => ({ ...o, text: o.text.slice(0, at) + insert + o.text.slice(at + cut) })),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          mutated,
          fc.record({
            text: fc.string({ unit: "binary", maxLength: 5000 }),
            command: fc.constantFrom("cargo build", "git log", "ls", ""),
            tool: fc.constant("Bash"),
          }),
        ),
        (o) => {
          checkInvariants(o.text, o.command, o.tool);
        },
      ),
      { numRuns: runs },
    );
  },
  PROPERTY_TIMEOUT_MS,
);

test(
  "structured input is handed back byte-identical",
  () => {
    // Real structured captures, and generated documents long enough that any distiller would cut them.
    const real = loadFixtures()
      .filter((f) => f.structured)
      .map((f) => f.text);
    const longDocument = fc.array(fc.record({ name: fc.string(), version: fc.string(), ok: fc.boolean(), n: fc.integer() }), {
      minLength: 120,
      maxLength: 300,
    });
    const structured = fc.oneof(
      fc.constantFrom(...real),
      longDocument.map((rows) => JSON.stringify(rows, null, 2)),
      longDocument.map((rows) => rows.map((row) => JSON.stringify(row)).join("\n")),
      longDocument.map((rows) =>
        [
          "name,version,ok,n",
          ...rows.map((r) => [r.name.replace(/[",\n\r]/g, "_"), r.version.replace(/[",\n\r]/g, "_"), r.ok, r.n].join(",")),
        ].join("\n"),
      ),
    );
    fc.assert(
      fc.property(structured, fc.constantFrom("cargo build", "cat x.json", "kubectl get pods", "npm ls --all"), (text, command) => {
        expect(runPipeline(request(text, command, "Bash"), deps).delivered).toBe(text);
      }),
      { numRuns: runs },
    );
  },
  PROPERTY_TIMEOUT_MS,
);
