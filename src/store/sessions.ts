/**
 * `sessions`: one row per host session, with the state the hooks share through `state_json`
 * (files touched this session, for the pre-tool hot-file guard; the context-pressure notices given).
 * State keys are merged, never replaced wholesale, so other writers' keys survive.
 */
import type { Db } from "./db.ts";

export interface SessionRow {
  id: string;
  startedAt: number;
  lastActive: number;
  agentId: string | null;
  projectPath: string | null;
  state: Record<string, unknown>;
}

interface RawSession {
  id: string;
  started_at: number;
  last_active: number;
  agent_id: string | null;
  project_path: string | null;
  state_json: string;
}

function toSession(row: RawSession): SessionRow {
  return {
    id: row.id,
    startedAt: row.started_at,
    lastActive: row.last_active,
    agentId: row.agent_id,
    projectPath: row.project_path,
    state: JSON.parse(row.state_json) as Record<string, unknown>,
  };
}

export function listSessions(db: Db, projectPath: string | null, limit: number): SessionRow[] {
  const rows = db
    .query(
      "SELECT id, started_at, last_active, agent_id, project_path, state_json FROM sessions WHERE ?1 IS NULL OR project_path = ?1 ORDER BY last_active DESC LIMIT ?2",
    )
    .all(projectPath, limit) as RawSession[];
  return rows.map(toSession);
}

export function getSession(db: Db, id: string): SessionRow | null {
  const row = db
    .query("SELECT id, started_at, last_active, agent_id, project_path, state_json FROM sessions WHERE id = ?1")
    .get(id) as RawSession | null;
  return row ? toSession(row) : null;
}

export function saveSessionState(db: Db, id: string, state: Record<string, unknown>): void {
  db.query("UPDATE sessions SET state_json = ?2 WHERE id = ?1").run(id, JSON.stringify(state));
}

export function deleteSession(db: Db, id: string): boolean {
  return db.query("DELETE FROM sessions WHERE id = ?1").run(id).changes > 0;
}

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
