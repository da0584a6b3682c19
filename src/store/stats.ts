/** The reads behind every report: rows of one window, nothing aggregated here. */
import type { RetrievalRow, SessionCloseRow, StatsRows } from "./rows.ts";
import { RUN_ROW_COLUMNS, toRunRow, type RunRecordRow } from "./run-rows.ts";
import type { Db } from "./db.ts";

/** Every row of the window, oldest first (re-run detection walks them in order). */
export function fetchStatsRows(db: Db, sinceTs: number, untilTs: number): StatsRows {
  const runs = (
    db
      .query(`SELECT ${RUN_ROW_COLUMNS} FROM distillations WHERE ts >= ?1 AND ts <= ?2 ORDER BY ts, id`)
      .all(sinceTs, untilTs) as RunRecordRow[]
  ).map(toRunRow);
  // The block's size is what the pull put back into the reader's context.
  const retrievals = db
    .query(
      `SELECT e.hash AS hash, e.ts AS ts, e.agent_id AS agentId, COALESCE(r.bytes, length(CAST(r.content AS BLOB)), 0) AS bytes
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
  const row = db.query("SELECT MIN(ts) AS firstTs, MAX(ts) AS lastTs FROM distillations").get() as {
    firstTs: number | null;
    lastTs: number | null;
  };
  return row.firstTs === null || row.lastTs === null ? null : { firstTs: row.firstTs, lastTs: row.lastTs };
}
