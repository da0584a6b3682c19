import { afterEach, describe, expect, test } from "bun:test";
import { runRetention, summarizeSession } from "../../src/memory/session-lifecycle.ts";
import { sessionNotices } from "../../src/memory/pressure.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { recordRun } from "../../src/store/runs.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let db: Db;
afterEach(() => {
  db?.close();
  sandbox?.cleanup();
});

function run(ts: number, bytesIn: number, bytesOut: number): void {
  recordRun(db, {
    ts,
    sessionId: "s",
    agentId: "claude_code",
    entry: "hook",
    tool: "Bash",
    command: "cargo test",
    label: "cargo",
    distiller: "test",
    route: "distilled",
    reason: null,
    inputBytes: bytesIn,
    outputBytes: bytesOut,
    deliveredBytes: bytesOut,
    latencyMs: 1,
    handle: null,
    projectPath: "/p",
    exitCode: 0,
    raw: "x",
    delivered: "x",
  });
}

describe("session lifecycle", () => {
  test("prunes traces past the env's trace tier while keeping run rows of the working tier", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    const now = 1_800_000_000;
    run(now - 3 * 86_400, 10, 10);
    runRetention(db, { OMNI_TRACE_RETENTION_DAYS: "2" }, now);
    expect(
      db.query("SELECT (SELECT COUNT(*) FROM distillations) AS runs, (SELECT COUNT(*) FROM execution_traces) AS traces").get(),
    ).toEqual({ runs: 1, traces: 0 });
  });

  test("writes a summary row at session end", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    run(100, 3_600, 360);
    run(110, 3_600, 360);
    expect(summarizeSession(db, "missing", "exit", 200)).toBe(false);
    expect(summarizeSession(db, "s", "compact", 200)).toBe(true);
    expect(db.query("SELECT total_commands, tokens_saved, top_filter, exit_reason, ended_at FROM session_summaries").get()).toEqual({
      total_commands: 2,
      tokens_saved: 6480,
      top_filter: "cargo",
      exit_reason: "compact",
      ended_at: 200,
    });
  });

  test("delivers a pressure notice for additionalContext, then stays quiet through the cooldown", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    const env = { OMNI_CONTEXT_WINDOW: "1000" };
    run(100, 9_000, 2_700); // ~750 tokens of 1000: past the 0.65 warning
    expect(sessionNotices(db, "s", env)).toBe("[omni] context ~75% full: prefer narrow reads and distilled commands.");
    run(101, 10, 10);
    expect(sessionNotices(db, "s", env)).toBeNull();
  });
});
