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

