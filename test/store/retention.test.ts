import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { putBlock } from "../../src/store/archive.ts";
import { openDatabase } from "../../src/store/db.ts";
import { pruneExpired, traceRetentionDays } from "../../src/store/retention.ts";
import { recordRun } from "../../src/store/runs.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const DAY = 86_400;
const NOW = 1_780_000_000;

function run(db: Database, ts: number): void {
  recordRun(db, { ts, sessionId: "s", agentId: "a", entry: "hook", tool: "Bash", command: "c", label: "c", distiller: null, route: "passthrough", reason: "r", inputBytes: 1, outputBytes: 1, deliveredBytes: 1, latencyMs: 1, handle: null, projectPath: null, exitCode: 0, raw: "x", delivered: "x" });
}

const count = (db: Database, table: string) => (db.query(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

test("keeps the archive and runs 30 days and traces for the trace window, in batches", () => {
  sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  try {
    for (let i = 0; i < 1200; i++) run(db, NOW - 40 * DAY);
    run(db, NOW - 10 * DAY);
    run(db, NOW - DAY);
    putBlock(db, "old", "x", 1, NOW - 31 * DAY);
    putBlock(db, "new", "y", 1, NOW - 29 * DAY);
    const result = pruneExpired(db, NOW, 7);
    expect(result.deleted.distillations).toBe(1200);
    expect(count(db, "distillations")).toBe(2);
    expect(count(db, "execution_traces")).toBe(1);
    expect(count(db, "passthrough_events")).toBe(2);
    expect(db.query("SELECT hash FROM rewind_store").all()).toEqual([{ hash: "new" }]);
  } finally {
    db.close();
  }
});

test("reads OMNI_TRACE_RETENTION_DAYS and ignores a bad value", () => {
  expect(traceRetentionDays({ OMNI_TRACE_RETENTION_DAYS: "30" })).toBe(30);
  expect(traceRetentionDays({ OMNI_TRACE_RETENTION_DAYS: "soon" })).toBe(7);
  expect(traceRetentionDays({})).toBe(7);
});
