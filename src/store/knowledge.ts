/** `project_knowledge` and its FTS mirror: remembered facts and the pinned goal. */
import type { Db } from "./db.ts";
import { ftsQuery } from "./fts.ts";

export interface KnowledgeRow {
  id: number;
  projectHash: string;
  key: string;
  value: string;
  category: string;
  tags: string[];
  lastUpdated: number;
  ttlDays: number | null;
}

interface RawRow {
  id: number;
  project_hash: string;
  key: string;
  value: string;
  category: string;
  tags: string;
  last_updated: number;
  ttl_days: number | null;
}

const COLUMNS = "id, project_hash, key, value, category, tags, last_updated, ttl_days";

function toRow(row: RawRow): KnowledgeRow {
  return {
    id: row.id,
    projectHash: row.project_hash,
    key: row.key,
    value: row.value,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    lastUpdated: row.last_updated,
    ttlDays: row.ttl_days,
  };
}

export interface KnowledgeInput {
  projectHash: string;
  key: string;
  value: string;
  category: string;
  tags: string[];
  ts: number;
  ttlDays?: number | null;
}

export function upsertKnowledge(db: Db, input: KnowledgeInput): number {
  const row = db
    .query(
      `INSERT INTO project_knowledge (project_hash, key, value, category, tags, last_updated, ttl_days) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
       ON CONFLICT(project_hash, key) DO UPDATE SET value = excluded.value, category = excluded.category, tags = excluded.tags,
         last_updated = excluded.last_updated, ttl_days = excluded.ttl_days
       RETURNING id`,
    )
    .get(input.projectHash, input.key, input.value, input.category, JSON.stringify(input.tags), input.ts, input.ttlDays ?? null) as {
    id: number;
  };
  return row.id;
}

export function getKnowledge(db: Db, projectHash: string, key: string): KnowledgeRow | null {
  const row = db
    .query(`SELECT ${COLUMNS} FROM project_knowledge WHERE project_hash = ?1 AND key = ?2`)
    .get(projectHash, key) as RawRow | null;
  return row ? toRow(row) : null;
}

export function deleteKnowledge(db: Db, projectHash: string, key: string): boolean {
  return db.query("DELETE FROM project_knowledge WHERE project_hash = ?1 AND key = ?2").run(projectHash, key).changes > 0;
}

/** Newest first, across the given scopes (a project and the global scope). Keys starting `__` are internal. */
export function listKnowledge(db: Db, projectHashes: string[], limit: number): KnowledgeRow[] {
  const marks = projectHashes.map((_, i) => `?${i + 2}`).join(", ");
  const rows = db
    .query(
      `SELECT ${COLUMNS} FROM project_knowledge WHERE project_hash IN (${marks}) AND key NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY last_updated DESC, id DESC LIMIT ?1`,
    )
    .all(limit, ...projectHashes) as RawRow[];
  return rows.map(toRow);
}

export interface RankedKnowledge extends KnowledgeRow {
  /** BM25: lower is a better match. */
  rank: number;
}

export function searchKnowledge(db: Db, text: string, projectHashes: string[], limit: number): RankedKnowledge[] {
  const match = ftsQuery(text);
  if (!match) return [];
  const marks = projectHashes.map((_, i) => `?${i + 3}`).join(", ");
  const rows = db
    .query(
      `SELECT k.id, k.project_hash, k.key, k.value, k.category, k.tags, k.last_updated, k.ttl_days, bm25(knowledge_fts) AS rank
       FROM knowledge_fts JOIN project_knowledge k ON k.id = knowledge_fts.rowid
       WHERE knowledge_fts MATCH ?1 AND k.project_hash IN (${marks}) AND k.key NOT LIKE '\\_\\_%' ESCAPE '\\'
       ORDER BY rank LIMIT ?2`,
    )
    .all(match, limit, ...projectHashes) as (RawRow & { rank: number })[];
  return rows.map((row) => ({ ...toRow(row), rank: row.rank }));
}

export function countKnowledgeHit(db: Db, id: number): void {
  db.query("UPDATE project_knowledge SET hit_count = hit_count + 1 WHERE id = ?1").run(id);
}
