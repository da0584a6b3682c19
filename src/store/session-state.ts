/**
 * The per-session state the hooks share through `sessions.state_json`: files touched this
 * session (the hot-file guard, session-start injection) and the active errors (post-tool-failure).
 * Keys are merged, never replaced wholesale, so other writers' keys survive.
 */
import type { Db } from "./db.ts";

export interface SessionState {
  /** Path → how many commands named it this session. */
  fileAccess?: Record<string, number>;
  /** Newest last; first line of each failure, capped. */
  activeErrors?: Array<{ tool: string; command: string; line: string; ts: number }>;
  [other: string]: unknown;
}

export function readSessionState(db: Db, sessionId: string): SessionState {
  const row = db.query("SELECT state_json FROM sessions WHERE id = ?1").get(sessionId) as { state_json: string } | null;
  return parseState(row?.state_json);
}

/** Read, change and write one session's state in a single transaction. */
export function updateSessionState(db: Db, session: { id: string; agentId: string; projectPath: string | null; tsSec: number }, change: (state: SessionState) => SessionState): SessionState {
  return db.transaction(() => {
    const next = change(readSessionState(db, session.id));
    db.query(
      `INSERT INTO sessions (id, started_at, last_active, agent_id, project_path, state_json) VALUES (?1, ?2, ?2, ?3, ?4, ?5)
       ON CONFLICT(id) DO UPDATE SET last_active = excluded.last_active, state_json = excluded.state_json`,
    ).run(session.id, session.tsSec, session.agentId, session.projectPath, JSON.stringify(next));
    return next;
  }).immediate();
}

/** The most recently active session of a project other than `exceptId` (the one starting now). */
export function latestProjectState(db: Db, projectPath: string, exceptId: string | null): SessionState | null {
  const row = db.query("SELECT state_json FROM sessions WHERE project_path = ?1 AND id != ?2 ORDER BY last_active DESC LIMIT 1").get(projectPath, exceptId ?? "") as { state_json: string } | null;
  return row ? parseState(row.state_json) : null;
}

export interface SessionSummary {
  sessionId: string;
  endedAt: number;
  agentId: string;
  exitReason: string | null;
  projectPath: string | null;
}

/** Write the session-end summary from the session's recorded runs. Idempotent per session. */
export function writeSessionSummary(db: Db, summary: SessionSummary): { totalCommands: number; bytesSaved: number } {
  const totals = db
    .query(
      `SELECT COUNT(*) AS n, COALESCE(SUM(MAX(input_bytes - output_bytes, 0)), 0) AS saved, MIN(ts) AS first
       FROM distillations WHERE session_id = ?1 OR session_id LIKE ?1 || '/%'`,
    )
    .get(summary.sessionId) as { n: number; saved: number; first: number | null };
  const top = db
    .query(
      `SELECT filter_name FROM distillations WHERE (session_id = ?1 OR session_id LIKE ?1 || '/%') AND route != 'passthrough'
       GROUP BY filter_name ORDER BY SUM(input_bytes - output_bytes) DESC LIMIT 1`,
    )
    .get(summary.sessionId) as { filter_name: string } | null;
  const started = db.query("SELECT started_at FROM sessions WHERE id = ?1").get(summary.sessionId) as { started_at: number } | null;
  db.query(
    `INSERT INTO session_summaries (session_id, started_at, ended_at, agent_id, total_commands, tokens_saved, top_filter, exit_reason, project_path)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
     ON CONFLICT(session_id) DO UPDATE SET ended_at = excluded.ended_at, total_commands = excluded.total_commands,
       tokens_saved = excluded.tokens_saved, top_filter = excluded.top_filter, exit_reason = excluded.exit_reason`,
  ).run(summary.sessionId, started?.started_at ?? totals.first, summary.endedAt, summary.agentId, totals.n, totals.saved, top?.filter_name ?? null, summary.exitReason, summary.projectPath);
  return { totalCommands: totals.n, bytesSaved: totals.saved };
}

function parseState(json: string | undefined): SessionState {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as SessionState) : {};
  } catch {
    return {};
  }
}
