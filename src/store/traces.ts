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

/**
 * Oldest first, so a replay sees the session in the order it happened. The exit code lives on the
 * run row written in the same transaction; the tables share no key, so match on second, agent,
 * session and command, and among identical runs take the one of the same rank (as traceForRun does).
 */
export function listTraces(db: Db, includeTerminal: boolean): StoredTrace[] {
  const rows = db
    .query(
      `WITH t AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY ts, agent_id, command, session_id ORDER BY id) AS rank
                    FROM execution_traces WHERE ?1 OR agent_id <> 'terminal'),
            d AS (SELECT ts, agent_id, command, session_id, exit_code, ROW_NUMBER() OVER (PARTITION BY ts, agent_id, command, session_id ORDER BY id) AS rank
                    FROM distillations)
       SELECT t.id, t.session_id, t.ts, t.command, t.agent_id, t.project_path, t.tool, t.raw_input, d.exit_code
       FROM t LEFT JOIN d ON d.ts = t.ts AND d.agent_id = t.agent_id AND d.command IS t.command AND d.session_id IS t.session_id AND d.rank = t.rank
       ORDER BY t.ts, t.id`,
    )
    .all(includeTerminal ? 1 : 0) as Array<{ id: number; session_id: string | null; ts: number; command: string | null; agent_id: string; project_path: string | null; tool: string | null; raw_input: string; exit_code: number | null }>;
  return rows.map((row) => ({ id: row.id, sessionId: row.session_id, ts: row.ts, command: row.command, agentId: row.agent_id, projectPath: row.project_path, tool: row.tool, raw: row.raw_input, exitCode: row.exit_code }));
}

/** How many rows a population leaves out, so the report can say what it excluded. */
export function countTerminalTraces(db: Db): number {
  return (db.query("SELECT COUNT(*) AS n FROM execution_traces WHERE agent_id = 'terminal'").get() as { n: number }).n;
}
