import { afterEach, expect, test } from "bun:test";
import { agentSessions, touchAgentSession } from "../../src/store/agent-sessions.ts";
import { openDatabase } from "../../src/store/db.ts";
import { pruneExpired } from "../../src/store/retention.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

test("keeps one row per agent and project, moved forward only by a newer run", () => {
  sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  try {
    touchAgentSession(db, { agentId: "claude_code", projectHash: "p1", sessionId: "s-1", ts: 100 });
    touchAgentSession(db, { agentId: "codex_cli", projectHash: "p1", sessionId: "c-1", ts: 150 });
    touchAgentSession(db, { agentId: "claude_code", projectHash: "p1", sessionId: "s-2", ts: 200 });
    // A concurrent hook that commits late with an older timestamp does not move the row back.
    touchAgentSession(db, { agentId: "claude_code", projectHash: "p1", sessionId: "s-1", ts: 120 });
    touchAgentSession(db, { agentId: "claude_code", projectHash: "p2", sessionId: "x-1", ts: 300 });
    expect(agentSessions(db, "p1")).toEqual([
      { agentId: "claude_code", sessionId: "s-2", lastActive: 200 },
      { agentId: "codex_cli", sessionId: "c-1", lastActive: 150 },
    ]);
    // Past the 30-day working window the row goes with the rest of the session data.
    pruneExpired(db, 250 + 30 * 86_400, 7);
    expect(agentSessions(db, "p1")).toEqual([]);
    expect(agentSessions(db, "p2")).toHaveLength(1);
  } finally {
    db.close();
  }
});
