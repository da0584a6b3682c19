/** Per-run accounting: `distillations`, `execution_traces` and `passthrough_events`. */
import type { Db } from "./db.ts";

export interface RunRow {
  ts: number;
  sessionId: string | null;
  agentId: string;
  entry: string;
  tool: string | null;
  command: string;
  label: string;
  distiller: string | null;
  route: string;
  reason: string | null;
  inputBytes: number;
  outputBytes: number;
  deliveredBytes: number;
  latencyMs: number;
  handle: string | null;
  projectPath: string | null;
  exitCode: number | null;
  raw: string;
  delivered: string;
}

/** One transaction for the three rows a run writes: short, so concurrent hooks rarely wait. */
export function recordRun(db: Db, row: RunRow): void {
  db.transaction(() => {
    db.query(
      `INSERT INTO distillations (session_id, ts, filter_name, distiller, entry, tool, input_bytes, output_bytes,
        delivered_bytes, route, reason, latency_ms, rewind_hash, command, project_path, agent_id, exit_code)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)`,
    ).run(row.sessionId, row.ts, row.label, row.distiller, row.entry, row.tool, row.inputBytes, row.outputBytes, row.deliveredBytes, row.route, row.reason, row.latencyMs, row.handle, row.command, row.projectPath, row.agentId, row.exitCode);
    db.query(
      `INSERT INTO execution_traces (session_id, ts, command, agent_id, project_path, tool, raw_input, distilled_output, rewind_hash)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    ).run(row.sessionId, row.ts, row.command, row.agentId, row.projectPath, row.tool, row.raw, row.delivered, row.handle);
    if (row.sessionId) {
      db.query(
        `INSERT INTO sessions (id, started_at, last_active, agent_id, project_path) VALUES (?1, ?2, ?2, ?3, ?4)
         ON CONFLICT(id) DO UPDATE SET last_active = excluded.last_active`,
      ).run(row.sessionId, row.ts, row.agentId, row.projectPath);
    }
    if (row.route === "passthrough") {
      db.query("INSERT INTO passthrough_events (command, bytes, ts, reason, agent_id) VALUES (?1, ?2, ?3, ?4, ?5)").run(row.command, row.inputBytes, row.ts, row.reason ?? "unrecorded", row.agentId);
    }
  })();
}

export interface TraceRow {
  id: number;
  ts: number;
  command: string | null;
  agentId: string;
  tool: string | null;
  raw: string;
  delivered: string;
  handle: string | null;
}

export function latestTrace(db: Db): TraceRow | null {
  const row = db.query("SELECT id, ts, command, agent_id, tool, raw_input, distilled_output, rewind_hash FROM execution_traces ORDER BY id DESC LIMIT 1").get() as
    | { id: number; ts: number; command: string | null; agent_id: string; tool: string | null; raw_input: string; distilled_output: string; rewind_hash: string | null }
    | null;
  if (!row) return null;
  return { id: row.id, ts: row.ts, command: row.command, agentId: row.agent_id, tool: row.tool, raw: row.raw_input, delivered: row.distilled_output, handle: row.rewind_hash };
}
