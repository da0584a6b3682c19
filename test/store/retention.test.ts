import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { putBlock } from "../../src/store/archive.ts";
import { openDatabase } from "../../src/store/db.ts";
import { pruneExpired, traceRetentionDays } from "../../src/store/retention.ts";
import { recordRun } from "../../src/store/runs.ts";
import { recordLines } from "../../src/store/ledger.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const DAY = 86_400;
const NOW = 1_780_000_000;

function run(db: Database, ts: number): void {
  recordRun(db, {
    ts,
    sessionId: "s",
    agentId: "a",
    entry: "hook",
    tool: "Bash",
    command: "c",
    label: "c",
    distiller: null,
    route: "passthrough",
    reason: "r",
    inputBytes: 1,
    outputBytes: 1,
    deliveredBytes: 1,
    latencyMs: 1,
    handle: null,
    projectPath: null,
    exitCode: 0,
    raw: "x",
    delivered: "x",
  });
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

test("past the archive budget the oldest blocks go first, until the stored bytes fit", () => {
  sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  try {
    // Random-looking text packs poorly, so each block stores about its own size.
    const block = (i: number) => Array.from({ length: 2_000 }, (_, j) => ((i * 7919 + j * 104729) % 1_000_003).toString(36)).join(" ");
    for (let i = 0; i < 30; i++) putBlock(db, `b${String(i).padStart(2, "0")}`, block(i), 1, NOW - 1_000 + i);
    const stored = () => (db.query("SELECT SUM(length(packed)) AS n FROM rewind_store").get() as { n: number }).n;
    const total = stored();
    const budget = Math.floor(total / 2);
    const result = pruneExpired(db, NOW, 7, budget);
    expect(stored()).toBeLessThanOrEqual(budget);
    expect(stored()).toBeGreaterThan(budget / 2);
    const kept = (db.query("SELECT hash FROM rewind_store ORDER BY hash").all() as Array<{ hash: string }>).map((row) => row.hash);
    expect(result.deleted.rewind_store).toBe(30 - kept.length);
    // The newest survive: what is left is a suffix of the insertion order.
    expect(kept).toEqual(Array.from({ length: 30 }, (_, i) => `b${String(i).padStart(2, "0")}`).slice(30 - kept.length));
  } finally {
    db.close();
  }
});

test("interned scopes and sources that no ledger line names any more are dropped", () => {
  sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  try {
    recordLines(db, ["old-session"], ["aaaaaaaaaaaaaaaa"], "a", "/home/dev/old.ts", NOW - 40 * DAY);
    recordLines(db, ["live-session"], ["bbbbbbbbbbbbbbbb"], "a", "/home/dev/live.ts", NOW - DAY);
    const result = pruneExpired(db, NOW, 7);
    expect(result.deleted.ledger_lines).toBe(1);
    expect(result.deleted.ledger_scopes).toBe(1);
    expect(result.deleted.ledger_sources).toBe(1);
    expect(db.query("SELECT name FROM ledger_scopes").all()).toEqual([{ name: "live-session" }]);
    expect(db.query("SELECT path FROM ledger_sources").all()).toEqual([{ path: "/home/dev/live.ts" }]);
  } finally {
    db.close();
  }
});
