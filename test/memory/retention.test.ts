import { afterEach, describe, expect, test } from "bun:test";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { insertEngram } from "../../src/store/engrams.ts";
import { upsertKnowledge } from "../../src/store/knowledge.ts";
import { putLoopFact } from "../../src/store/loops.ts";
import { pruneExpired } from "../../src/store/retention.ts";
import { recordRun } from "../../src/store/runs.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let db: Db;
afterEach(() => {
  db?.close();
  sandbox?.cleanup();
});

const DAY = 86_400;
const NOW = 1_800_000_000;

function run(ts: number): void {
  recordRun(db, {
    ts,
    sessionId: null,
    agentId: "t",
    entry: "exec",
    tool: null,
    command: "ls",
    label: "ls",
    distiller: null,
    route: "passthrough",
    reason: "x",
    inputBytes: 1,
    outputBytes: 1,
    deliveredBytes: 1,
    latencyMs: 1,
    handle: null,
    projectPath: null,
    exitCode: 0,
    raw: "a",
    delivered: "a",
  });
}

const count = (sql: string) => (db.query(sql).get() as { n: number }).n;

describe("retention tiers", () => {
  test("keeps working data 30 days, traces 7 days, the goal and loop facts by their own ttl, and engrams", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    run(NOW - 10 * DAY);
    run(NOW - 40 * DAY);
    upsertKnowledge(db, {
      projectHash: "p",
      key: "__omni_goal__",
      value: "old goal",
      category: "goal",
      tags: [],
      ts: NOW - 100 * DAY,
      ttlDays: 90,
    });
    upsertKnowledge(db, { projectHash: "p", key: "fact:1", value: "kept forever", category: "fact", tags: [], ts: NOW - 400 * DAY });
    putLoopFact(db, "loop", "k", "v", NOW - 31 * DAY);
    insertEngram(db, {
      sessionId: "s",
      trigger: "fail→pass",
      label: "`make` passes again",
      detail: "",
      files: [],
      category: "progress",
      projectHash: "p",
      ts: NOW - 200 * DAY,
    });
    pruneExpired(db, NOW, 7);
    expect(count("SELECT COUNT(*) AS n FROM distillations")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM execution_traces")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM project_knowledge")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM loop_memory")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM engrams")).toBe(1);
  });
});
