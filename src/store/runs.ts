/** Per-run accounting: `distillations`, `execution_traces`, `passthrough_events`, `sessions` and `agent_sessions`. */
import type { RunRecord } from "../core/pipeline-types.ts";
import { projectHash } from "../base/project-hash.ts";
import { touchAgentSession } from "./agent-sessions.ts";
import type { Db } from "./db.ts";

/** The pipeline's run record, stamped in seconds for the table. */
export type RunInsert = Omit<RunRecord, "tsMs"> & { ts: number };

/** One transaction for the rows a run writes: short, so concurrent hooks rarely wait. */
export function recordRun(db: Db, row: RunInsert): void {
  db.transaction(() => {
    const { lastInsertRowid: runId } = db
      .query(
        `INSERT INTO distillations (session_id, ts, filter_name, distiller, entry, tool, input_bytes, output_bytes,
        delivered_bytes, route, reason, latency_ms, rewind_hash, command, project_path, agent_id, exit_code, footer)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)`,
      )
      .run(
        row.sessionId,
        row.ts,
        row.label,
        row.distiller,
        row.entry,
        row.tool,
        row.inputBytes,
        row.outputBytes,
        row.deliveredBytes,
        row.route,
        row.reason,
        row.latencyMs,
        row.handle,
        row.command,
        row.projectPath,
        row.agentId,
        row.exitCode,
        row.footer ?? null,
      );
    db.query(
      `INSERT INTO execution_traces (session_id, ts, command, agent_id, project_path, tool, raw_input, distilled_output, rewind_hash, run_id)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).run(row.sessionId, row.ts, row.command, row.agentId, row.projectPath, row.tool, row.raw, row.delivered, row.handle, Number(runId));
    if (row.sessionId) {
      db.query(
        `INSERT INTO sessions (id, started_at, last_active, agent_id, project_path) VALUES (?1, ?2, ?2, ?3, ?4)
         ON CONFLICT(id) DO UPDATE SET last_active = excluded.last_active`,
      ).run(row.sessionId, row.ts, row.agentId, row.projectPath);
      if (row.projectPath)
        touchAgentSession(db, { agentId: row.agentId, projectHash: projectHash(row.projectPath), sessionId: row.sessionId, ts: row.ts });
    }
    if (row.route === "passthrough") {
      db.query("INSERT INTO passthrough_events (command, bytes, ts, reason, agent_id) VALUES (?1, ?2, ?3, ?4, ?5)").run(
        row.command,
        row.inputBytes,
        row.ts,
        row.reason ?? "unrecorded",
        row.agentId,
      );
    }
  })();
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
