/**
 * The per-session state the hooks share through `sessions.state_json`: files touched this
 * session, for the pre-tool hot-file guard.
 * Keys are merged, never replaced wholesale, so other writers' keys survive.
 */
import type { Db } from "./db.ts";

export interface SessionState {
  /** Path → how many commands named it this session. */
  fileAccess?: Record<string, number>;
  [other: string]: unknown;
}

function readSessionState(db: Db, sessionId: string): SessionState {
  const row = db.query("SELECT state_json FROM sessions WHERE id = ?1").get(sessionId) as { state_json: string } | null;
  return parseState(row?.state_json);
}

/** Read, change and write one session's state in a single transaction. */
export function updateSessionState(
  db: Db,
  session: { id: string; agentId: string; projectPath: string | null; tsSec: number },
  change: (state: SessionState) => SessionState,
): SessionState {
  return db
    .transaction(() => {
      const next = change(readSessionState(db, session.id));
      db.query(
        `INSERT INTO sessions (id, started_at, last_active, agent_id, project_path, state_json) VALUES (?1, ?2, ?2, ?3, ?4, ?5)
       ON CONFLICT(id) DO UPDATE SET last_active = excluded.last_active, state_json = excluded.state_json`,
      ).run(session.id, session.tsSec, session.agentId, session.projectPath, JSON.stringify(next));
      return next;
    })
    .immediate();
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
