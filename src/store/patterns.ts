/** `pattern_memory`: recurring error patterns, counted across sessions, resolved when the tool passes again. */
import { redactText } from "../base/redact.ts";
import type { Db } from "./db.ts";

export interface PatternRow {
  patternHash: string;
  patternText: string;
  toolFamily: string;
  firstSeen: number;
  lastSeen: number;
  occurrences: number;
  resolved: boolean;
  hint: string | null;
}

export function upsertPattern(
  db: Db,
  row: { patternHash: string; patternText: string; toolFamily: string; projectHash: string | null; ts: number },
): void {
  db.query(
    `INSERT INTO pattern_memory (pattern_hash, pattern_text, tool_family, project_hash, first_seen, last_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
     ON CONFLICT(pattern_hash) DO UPDATE SET last_seen = excluded.last_seen, occurrence_count = occurrence_count + 1, was_resolved = 0`,
  ).run(row.patternHash, redactText(row.patternText), row.toolFamily, row.projectHash, row.ts);
}

/** How a resolution hint starts: `passed: <command>`. */
export const RESOLVED_HINT_PREFIX = "passed: ";

/** A passing run of the tool resolves its open patterns; the hint names what passed. */
export function resolvePatterns(db: Db, toolFamily: string, projectHash: string | null, hint: string): number {
  return db
    .query(
      "UPDATE pattern_memory SET was_resolved = 1, resolution_hint = ?3 WHERE tool_family = ?1 AND project_hash IS ?2 AND was_resolved = 0",
    )
    .run(toolFamily, projectHash, hint).changes;
}

export function listPatterns(db: Db, tool: string | null, limit: number): PatternRow[] {
  const rows = db
    .query(
      `SELECT pattern_hash, pattern_text, tool_family, first_seen, last_seen, occurrence_count, was_resolved, resolution_hint FROM pattern_memory
       WHERE ?1 IS NULL OR tool_family = ?1 ORDER BY occurrence_count DESC, last_seen DESC LIMIT ?2`,
    )
    .all(tool, limit) as {
    pattern_hash: string;
    pattern_text: string;
    tool_family: string;
    first_seen: number;
    last_seen: number;
    occurrence_count: number;
    was_resolved: number;
    resolution_hint: string | null;
  }[];
  return rows.map((row) => ({
    patternHash: row.pattern_hash,
    patternText: row.pattern_text,
    toolFamily: row.tool_family,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    occurrences: row.occurrence_count,
    resolved: row.was_resolved === 1,
    hint: row.resolution_hint,
  }));
}
