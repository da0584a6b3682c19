/** Reading `execution_traces` back as a replay corpus (`omni bench replay --from-db`). */
import type { Db } from "./db.ts";

export interface StoredTrace {
  id: number;
  sessionId: string | null;
  ts: number;
  command: string | null;
  agentId: string;
  projectPath: string | null;
  tool: string | null;
  raw: string;
}

/** Oldest first, so a replay sees the session in the order it happened. */
export function listTraces(db: Db, includeTerminal: boolean): StoredTrace[] {
  const rows = db
    .query(
      `SELECT id, session_id, ts, command, agent_id, project_path, tool, raw_input FROM execution_traces
       WHERE ?1 OR agent_id <> 'terminal' ORDER BY ts, id`,
    )
    .all(includeTerminal ? 1 : 0) as Array<{ id: number; session_id: string | null; ts: number; command: string | null; agent_id: string; project_path: string | null; tool: string | null; raw_input: string }>;
  return rows.map((row) => ({ id: row.id, sessionId: row.session_id, ts: row.ts, command: row.command, agentId: row.agent_id, projectPath: row.project_path, tool: row.tool, raw: row.raw_input }));
}

/** How many rows a population leaves out, so the report can say what it excluded. */
export function countTerminalTraces(db: Db): number {
  return (db.query("SELECT COUNT(*) AS n FROM execution_traces WHERE agent_id = 'terminal'").get() as { n: number }).n;
}
