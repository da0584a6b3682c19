/** `engrams` and its FTS mirror: digests of finished subtasks. */
import { redactText } from "../base/redact.ts";
import type { Db } from "./db.ts";
import { ftsQuery } from "./fts.ts";

export interface EngramRow {
  id: number;
  sessionId: string | null;
  trigger: string;
  label: string;
  detail: string;
  files: string[];
  category: string;
  projectHash: string | null;
  ts: number;
}

interface RawRow {
  id: number;
  session_id: string | null;
  trigger: string;
  label: string;
  detail: string;
  files: string;
  category: string;
  project_hash: string | null;
  ts: number;
}

const COLUMNS = "e.id, e.session_id, e.trigger, e.label, e.detail, e.files, e.category, e.project_hash, e.ts";

function toRow(row: RawRow): EngramRow {
  return {
    id: row.id,
    sessionId: row.session_id,
    trigger: row.trigger,
    label: row.label,
    detail: row.detail,
    files: JSON.parse(row.files) as string[],
    category: row.category,
    projectHash: row.project_hash,
    ts: row.ts,
  };
}

/**
 * The resolved lines of an engram are kept one per line in `detail`: a line never holds a newline,
 * while any other separator (` | ` once) may be part of an error message and split it apart.
 */
export const ENGRAM_DETAIL_SEPARATOR = "\n";

export type EngramInput = Omit<EngramRow, "id">;

export function insertEngram(db: Db, engram: EngramInput): number {
  const row = db
    .query(
      "INSERT INTO engrams (session_id, trigger, label, detail, files, category, project_hash, ts) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
    )
    .get(
      engram.sessionId,
      engram.trigger,
      redactText(engram.label),
      redactText(engram.detail),
      JSON.stringify(engram.files),
      engram.category,
      engram.projectHash,
      engram.ts,
    ) as { id: number };
  return row.id;
}

/** The session whose engrams `omni engram` shows: the newest one in the project that has any. */
export function latestEngramSession(db: Db, projectHash: string): string | null {
  const row = db.query("SELECT session_id FROM engrams WHERE project_hash = ?1 ORDER BY ts DESC, id DESC LIMIT 1").get(projectHash) as {
    session_id: string | null;
  } | null;
  return row ? row.session_id : null;
}

export function listEngrams(db: Db, projectHash: string, sessionId: string | null, limit: number): EngramRow[] {
  const rows = db
    .query(`SELECT ${COLUMNS} FROM engrams e WHERE e.project_hash = ?1 AND e.session_id IS ?2 ORDER BY e.ts DESC, e.id DESC LIMIT ?3`)
    .all(projectHash, sessionId, limit) as RawRow[];
  return rows.map(toRow);
}

export function recentEngrams(db: Db, projectHash: string, limit: number): EngramRow[] {
  const rows = db
    .query(`SELECT ${COLUMNS} FROM engrams e WHERE e.project_hash = ?1 ORDER BY e.ts DESC, e.id DESC LIMIT ?2`)
    .all(projectHash, limit) as RawRow[];
  return rows.map(toRow);
}

export function searchEngrams(db: Db, text: string, projectHash: string, limit: number): (EngramRow & { rank: number })[] {
  const match = ftsQuery(text);
  if (!match) return [];
  const rows = db
    .query(
      `SELECT ${COLUMNS}, bm25(engrams_fts) AS rank FROM engrams_fts JOIN engrams e ON e.id = engrams_fts.rowid WHERE engrams_fts MATCH ?1 AND e.project_hash = ?2 ORDER BY rank LIMIT ?3`,
    )
    .all(match, projectHash, limit) as (RawRow & { rank: number })[];
  return rows.map((row) => ({ ...toRow(row), rank: row.rank }));
}
