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
  /** From the matching run row; null when unknown. */
  exitCode: number | null;
}

/** Oldest first, so a replay sees the session in the order it happened; with the exit code of the run that wrote it. */
export function listTraces(db: Db, includeTerminal: boolean): StoredTrace[] {
  const rows = db
    .query(
      `SELECT t.id, t.session_id, t.ts, t.command, t.agent_id, t.project_path, t.tool, t.raw_input, d.exit_code
       FROM execution_traces t LEFT JOIN distillations d ON d.id = t.run_id
       WHERE ?1 OR t.agent_id <> 'terminal'
       ORDER BY t.ts, t.id`,
    )
    .all(includeTerminal ? 1 : 0) as Array<{
    id: number;
    session_id: string | null;
    ts: number;
    command: string | null;
    agent_id: string;
    project_path: string | null;
    tool: string | null;
    raw_input: string;
    exit_code: number | null;
  }>;
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.session_id,
    ts: row.ts,
    command: row.command,
    agentId: row.agent_id,
    projectPath: row.project_path,
    tool: row.tool,
    raw: row.raw_input,
    exitCode: row.exit_code,
  }));
}

/** How many rows a population leaves out, so the report can say what it excluded. */
export function countTerminalTraces(db: Db): number {
  return (db.query("SELECT COUNT(*) AS n FROM execution_traces WHERE agent_id = 'terminal'").get() as { n: number }).n;
}
