/**
 * `execution_traces`: what each run read and delivered, verbatim (recordRun writes them), read
 * back for `omni diff`, the dashboard, the noise finder and as a replay corpus.
 */
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

/** One trace: what arrived and what was delivered, for `omni diff` and the dashboard. */
export interface TraceView {
  id: number;
  ts: number;
  command: string | null;
  agentId: string;
  tool: string | null;
  raw: string;
  delivered: string;
  handle: string | null;
}

const TRACE_COLUMNS = "id, ts, command, agent_id, tool, raw_input, distilled_output, rewind_hash";

interface TraceColumns {
  id: number;
  ts: number;
  command: string | null;
  agent_id: string;
  tool: string | null;
  raw_input: string;
  distilled_output: string;
  rewind_hash: string | null;
}

function traceView(row: TraceColumns | null): TraceView | null {
  if (!row) return null;
  return {
    id: row.id,
    ts: row.ts,
    command: row.command,
    agentId: row.agent_id,
    tool: row.tool,
    raw: row.raw_input,
    delivered: row.distilled_output,
    handle: row.rewind_hash,
  };
}

/** The newest trace with output to compare: a command that printed nothing has no diff to show. */
export function latestTrace(db: Db): TraceView | null {
  return traceView(
    db.query(`SELECT ${TRACE_COLUMNS} FROM execution_traces WHERE raw_input <> '' ORDER BY id DESC LIMIT 1`).get() as TraceColumns | null,
  );
}

/** The trace written in the same transaction as run `runId`. */
export function traceForRun(db: Db, runId: number): TraceView | null {
  return traceView(db.query(`SELECT ${TRACE_COLUMNS} FROM execution_traces WHERE run_id = ?1`).get(runId) as TraceColumns | null);
}

export interface TraceText {
  command: string;
  agentId: string;
  raw: string;
}

/** Raw inputs of recent traces, newest first (the noise finder and the checker read these). */
export function recentTraceTexts(db: Db, projectPath: string | null, limit: number): TraceText[] {
  return (
    db
      .query(
        "SELECT command, agent_id AS agentId, raw_input AS raw FROM execution_traces WHERE ?1 IS NULL OR project_path = ?1 ORDER BY id DESC LIMIT ?2",
      )
      .all(projectPath, limit) as { command: string | null; agentId: string; raw: string }[]
  ).map((row) => ({ ...row, command: row.command ?? "" }));
}
