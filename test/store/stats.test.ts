import { afterEach, describe, expect, test } from "bun:test";
import { putBlock, markRetrieved } from "../../src/store/archive.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { recordRun, type RunInsert } from "../../src/store/runs.ts";
import { traceForRun } from "../../src/store/traces.ts";
import { fetchStatsRows } from "../../src/store/stats.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let db: Db;
afterEach(() => {
  db?.close();
  sandbox?.cleanup();
});

function row(fields: Partial<RunInsert>): RunInsert {
  return {
    ts: 1_000,
    sessionId: "s",
    agentId: "claude_code",
    entry: "hook",
    tool: "Bash",
    command: "make",
    label: "make",
    distiller: "build",
    route: "distilled",
    reason: null,
    inputBytes: 10,
    outputBytes: 5,
    deliveredBytes: 5,
    latencyMs: 1,
    handle: null,
    projectPath: null,
    exitCode: 0,
    raw: "raw",
    delivered: "out",
    ...fields,
  };
}

describe("stats store", () => {
  test("links each of two identical runs in one second to its own trace", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    recordRun(db, row({ raw: "first raw", delivered: "first" }));
    recordRun(db, row({ raw: "second raw", delivered: "second" }));
    expect(traceForRun(db, 1)?.delivered).toBe("first");
    expect(traceForRun(db, 2)?.delivered).toBe("second");
    expect(traceForRun(db, 3)).toBeNull();
  });

  test("fetches the window's rows inclusively and sizes a retrieval in bytes, not characters", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    for (const ts of [999, 1_000, 2_000, 2_001]) recordRun(db, row({ ts }));
    putBlock(db, "00000000000000aa", "é→\n", 6, 1_500);
    markRetrieved(db, "00000000000000aa", 1_500, "claude_code", null);
    const rows = fetchStatsRows(db, 1_000, 2_000);
    expect(rows.runs.map((r) => r.ts)).toEqual([1_000, 2_000]);
    expect(rows.retrievals).toEqual([{ hash: "00000000000000aa", ts: 1_500, agentId: "claude_code", bytes: 6 }]);
  });
});
