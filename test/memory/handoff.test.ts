import { afterEach, describe, expect, test } from "bun:test";
import { captureAfterRun } from "../../src/memory/engram-capture.ts";
import { setGoal } from "../../src/memory/goal.ts";
import { handoffMarkdown } from "../../src/memory/handoff.ts";
import { projectHash } from "../../src/base/project-hash.ts";
import { rememberFact } from "../../src/memory/remember.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { recordRun } from "../../src/store/runs.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let db: Db;
afterEach(() => {
  db?.close();
  sandbox?.cleanup();
});

const PATH = "/home/dev/shop";
const scope = { path: PATH, hash: projectHash(PATH) };

function run(ts: number, command: string, exitCode: number, raw: string): void {
  recordRun(db, {
    ts,
    sessionId: "sess-9",
    agentId: "claude_code",
    entry: "hook",
    tool: "Bash",
    command,
    label: "npm",
    distiller: null,
    route: "passthrough",
    reason: null,
    inputBytes: raw.length,
    outputBytes: raw.length,
    deliveredBytes: raw.length,
    latencyMs: 1,
    handle: null,
    projectPath: PATH,
    exitCode,
    raw,
    delivered: raw,
  });
  captureAfterRun(db, { command, projectPath: PATH, sessionId: "sess-9", passed: exitCode === 0, raw, ts });
}

describe("handoff markdown", () => {
  test("carries the goal, what was done, facts and recent commands as portable markdown", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    setGoal(db, scope.hash, "Ship the checkout redesign", 100);
    rememberFact(db, { text: "Prices are stored in cents", category: "decision", tags: [], projectHash: scope.hash, ts: 100 });
    run(101, "npm test", 1, "FAIL src/cart.test.ts\n  ● adds totals\nError: expected 3 got 4\n");
    run(102, "npm test", 0, "Tests: 12 passed\n");
    run(103, "npm run lint", 1, "src/cart.ts:4:1 error: no-unused-vars\n");
    expect(handoffMarkdown(db, scope, 200)).toBe(
      [
        "# Session handoff",
        "",
        "Project: /home/dev/shop",
        "Session: sess-9 · 3 commands · 2 failed",
        "",
        "## Goal",
        "",
        "Ship the checkout redesign",
        "",
        "## Active error",
        "",
        "```",
        "npm run lint: src/cart.ts:4:1 error: no-unused-vars",
        "```",
        "",
        "## Done",
        "",
        "- `npm test` passes again after 1 failing run",
        "",
        "## Remembered",
        "",
        "- [decision] Prices are stored in cents",
        "",
        "## Recent commands",
        "",
        "- `npm test` → exit 1",
        "- `npm test` → exit 0",
        "- `npm run lint` → exit 1",
        "",
      ].join("\n"),
    );
  });
});
