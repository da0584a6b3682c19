/** `session_events` (FTS5): errors and notes recorded during a session, searchable afterwards. */
import { redactText } from "../base/redact.ts";
import type { Db } from "./db.ts";
import { ftsQuery } from "./fts.ts";

export interface SessionEvent {
  sessionId: string | null;
  eventType: string;
  content: string;
  ts: number;
  projectHash: string | null;
}

interface RawEvent {
  session_id: string | null;
  event_type: string;
  content: string;
  ts: number;
  project_hash: string | null;
}

function toEvent(row: RawEvent): SessionEvent {
  return { sessionId: row.session_id, eventType: row.event_type, content: row.content, ts: Number(row.ts), projectHash: row.project_hash };
}

export function insertEvent(db: Db, event: SessionEvent): void {
  db.query("INSERT INTO session_events (session_id, event_type, content, ts, project_hash) VALUES (?1, ?2, ?3, ?4, ?5)").run(
    event.sessionId,
    event.eventType,
    redactText(event.content),
    event.ts,
    event.projectHash,
  );
}

export function recentEvents(db: Db, projectHash: string, eventType: string, limit: number): SessionEvent[] {
  const rows = db
    .query(
      "SELECT session_id, event_type, content, ts, project_hash FROM session_events WHERE project_hash = ?1 AND event_type = ?2 ORDER BY CAST(ts AS INTEGER) DESC, rowid DESC LIMIT ?3",
    )
    .all(projectHash, eventType, limit) as RawEvent[];
  return rows.map(toEvent);
}

export function searchEvents(db: Db, text: string, projectHash: string, limit: number): (SessionEvent & { rank: number })[] {
  const match = ftsQuery(text);
  if (!match) return [];
  const rows = db
    .query(
      "SELECT session_id, event_type, content, ts, project_hash, bm25(session_events) AS rank FROM session_events WHERE session_events MATCH ?1 AND project_hash = ?2 ORDER BY rank LIMIT ?3",
    )
    .all(match, projectHash, limit) as (RawEvent & { rank: number })[];
  return rows.map((row) => ({ ...toEvent(row), rank: row.rank }));
}
