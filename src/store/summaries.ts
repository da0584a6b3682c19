/** `session_summaries`: one row per closed session, written at session end. */
import type { Db } from "./db.ts";

export interface SessionSummary {
  sessionId: string;
  startedAt: number;
  endedAt: number;
  agentId: string | null;
  totalCommands: number;
  /** Bytes, in the column the schema names `tokens_saved` (kept for compatibility; the unit is bytes). */
  bytesSaved: number;
  topFilter: string | null;
  exitReason: string | null;
  projectPath: string | null;
}

export function writeSessionSummary(db: Db, summary: SessionSummary): void {
  db.query(
    `INSERT OR REPLACE INTO session_summaries (session_id, started_at, ended_at, agent_id, total_commands, tokens_saved, top_filter, exit_reason, project_path)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
  ).run(
    summary.sessionId,
    summary.startedAt,
    summary.endedAt,
    summary.agentId,
    summary.totalCommands,
    summary.bytesSaved,
    summary.topFilter,
    summary.exitReason,
    summary.projectPath,
  );
}
