/** The reads behind every report: rows of one window, nothing aggregated here. */
import type { RetrievalRow, RunRow, SessionCloseRow, StatsRows } from "../stats/rows.ts";
import type { Db } from "./db.ts";

interface RunRecordRow {
  id: number;
  ts: number;
  session_id: string | null;
  agent_id: string;
  entry: string;
  tool: string | null;
  command: string | null;
  filter_name: string;
  distiller: string | null;
  route: string;
  reason: string | null;
  input_bytes: number;
  output_bytes: number;
  delivered_bytes: number;
  latency_ms: number;
  rewind_hash: string | null;
  project_path: string | null;
}

/** Every row of the window, oldest first (re-run detection walks them in order). */
export function fetchStatsRows(db: Db, sinceTs: number, untilTs: number): StatsRows {
  const runs = (
    db
      .query(
        `SELECT id, ts, session_id, agent_id, entry, tool, command, filter_name, distiller, route, reason, input_bytes,
           output_bytes, delivered_bytes, latency_ms, rewind_hash, project_path
         FROM distillations WHERE ts >= ?1 AND ts <= ?2 ORDER BY ts, id`,
      )
      .all(sinceTs, untilTs) as RunRecordRow[]
  ).map(toRunRow);
  // The block's size is what the pull put back into the reader's context.
  const retrievals = db
    .query(
      `SELECT e.hash AS hash, e.ts AS ts, e.agent_id AS agentId, COALESCE(length(CAST(r.content AS BLOB)), 0) AS bytes
       FROM retrieve_events e LEFT JOIN rewind_store r ON r.hash = e.hash
       WHERE e.ts >= ?1 AND e.ts <= ?2 ORDER BY e.ts, e.id`,
    )
    .all(sinceTs, untilTs) as RetrievalRow[];
  const sessionCloses = db
    .query(
      `SELECT session_id AS sessionId, ended_at AS endedAt, agent_id AS agentId, total_commands AS totalCommands,
         exit_reason AS exitReason
       FROM session_summaries WHERE ended_at >= ?1 AND ended_at <= ?2 ORDER BY ended_at`,
    )
    .all(sinceTs, untilTs) as SessionCloseRow[];
  return { runs, retrievals, sessionCloses };
}

/** The first and last second any run was recorded, so a report can cover every row; null when there are none. */
export function runSpan(db: Db): { firstTs: number; lastTs: number } | null {
  const row = db.query("SELECT MIN(ts) AS firstTs, MAX(ts) AS lastTs FROM distillations").get() as { firstTs: number | null; lastTs: number | null };
  return row.firstTs === null || row.lastTs === null ? null : { firstTs: row.firstTs, lastTs: row.lastTs };
}

function toRunRow(row: RunRecordRow): RunRow {
  return {
    id: row.id,
    ts: row.ts,
    sessionId: row.session_id,
    agentId: row.agent_id,
    entry: row.entry,
    tool: row.tool,
    command: row.command,
    label: row.filter_name,
    distiller: row.distiller,
    route: row.route,
    reason: row.reason,
    inputBytes: row.input_bytes,
    outputBytes: row.output_bytes,
    deliveredBytes: row.delivered_bytes,
    latencyMs: row.latency_ms,
    handle: row.rewind_hash,
    projectPath: row.project_path,
  };
}

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

/**
 * The trace a run wrote in the same transaction. The tables share no key, so match on second,
 * agent, session and command, and among identical runs pick the trace of the same rank.
 */
export function traceForRun(db: Db, runId: number): TraceView | null {
  const run = db
    .query(
      `SELECT d.ts, d.agent_id, d.command, d.session_id, (SELECT COUNT(*) FROM distillations e
         WHERE e.ts = d.ts AND e.agent_id = d.agent_id AND e.command IS d.command AND e.session_id IS d.session_id AND e.id < d.id) AS rank
       FROM distillations d WHERE d.id = ?1`,
    )
    .get(runId) as { ts: number; agent_id: string; command: string | null; session_id: string | null; rank: number } | null;
  if (!run) return null;
  const row = db
    .query(
      `SELECT id, ts, command, agent_id, tool, raw_input, distilled_output, rewind_hash FROM execution_traces
       WHERE ts = ?1 AND agent_id = ?2 AND command IS ?3 AND session_id IS ?4 ORDER BY id LIMIT 1 OFFSET ?5`,
    )
    .get(run.ts, run.agent_id, run.command, run.session_id, run.rank) as
    | { id: number; ts: number; command: string | null; agent_id: string; tool: string | null; raw_input: string; distilled_output: string; rewind_hash: string | null }
    | null;
  if (!row) return null;
  return { id: row.id, ts: row.ts, command: row.command, agentId: row.agent_id, tool: row.tool, raw: row.raw_input, delivered: row.distilled_output, handle: row.rewind_hash };
}
