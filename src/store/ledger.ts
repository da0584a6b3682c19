/**
 * The ledger's tables. `ledger_lines` holds one row per (scope id, line hash): never the line
 * itself, only the receipt that it was delivered. `ledger_folds` counts what folds removed.
 */
import type { FoldRow, LedgerStore, SeenLine } from "../ledger/types.ts";
import { takeOwedDelivery } from "./archive.ts";
import type { Db } from "./db.ts";
import { LEDGER_REFRESH_SECS } from "../base/limits.ts";

export function seenLines(db: Db, scope: string, keys: readonly string[]): Map<string, SeenLine> {
  const seen = new Map<string, SeenLine>();
  if (keys.length === 0) return seen;
  const rows = db
    .query(
      `SELECT l.line_hash, src.path AS source, l.agent_id FROM ledger_lines l LEFT JOIN ledger_sources src ON src.id = l.source_id
       WHERE l.scope_id = (SELECT id FROM ledger_scopes WHERE name = ?1) AND l.line_hash IN (SELECT value FROM json_each(?2))`,
    )
    .all(scope, JSON.stringify(keys)) as Array<{ line_hash: string; source: string | null; agent_id: string | null }>;
  for (const row of rows) seen.set(row.line_hash, { source: row.source, agentId: row.agent_id });
  return seen;
}

/** The id of a scope or source, made on first use: each line row holds the id, not the string. */
function internedId(db: Db, table: "ledger_scopes" | "ledger_sources", column: "name" | "path", value: string): number {
  const found = db.query(`SELECT id FROM ${table} WHERE ${column} = ?1`).get(value) as { id: number } | null;
  if (found) return found.id;
  return Number(db.query(`INSERT INTO ${table} (${column}) VALUES (?1)`).run(value).lastInsertRowid);
}

/**
 * First sighting writes agent and source; a repeat only refreshes `ts`, so live output never ages
 * out. Keys go in sorted, so a large payload appends to the key order instead of scattering
 * writes over the table; a row refreshed within the last LEDGER_REFRESH_SECS is left alone: the
 * 30-day window cannot tell the difference, and a re-read of a large file would otherwise
 * rewrite every one of its rows in both scopes each time.
 */
export function recordLines(db: Db, scopes: readonly string[], keys: readonly string[], agentId: string, source: string, ts: number): void {
  if (keys.length === 0) return;
  const insert = db.query(
    `INSERT INTO ledger_lines (scope_id, line_hash, ts, agent_id, source_id)
     SELECT ?1, value, ?2, ?3, ?4 FROM json_each(?5) WHERE true
     ON CONFLICT(scope_id, line_hash) DO UPDATE SET ts = excluded.ts WHERE excluded.ts - ts >= ${LEDGER_REFRESH_SECS}`,
  );
  const json = JSON.stringify([...keys].sort());
  db.transaction(() => {
    const sourceId = source === "" ? null : internedId(db, "ledger_sources", "path", source);
    for (const scope of scopes) insert.run(internedId(db, "ledger_scopes", "name", scope), ts, agentId, sourceId, json);
  })();
}

export function touchLines(db: Db, scopes: readonly string[], keys: readonly string[], ts: number): void {
  if (keys.length === 0) return;
  const touch = db.query(
    `UPDATE ledger_lines SET ts = ?2 WHERE scope_id = (SELECT id FROM ledger_scopes WHERE name = ?1) AND line_hash IN (SELECT value FROM json_each(?3)) AND ?2 - ts >= ${LEDGER_REFRESH_SECS}`,
  );
  const json = JSON.stringify(keys);
  db.transaction(() => {
    for (const scope of scopes) touch.run(scope, ts, json);
  })();
}

export function recordFolds(db: Db, rows: readonly FoldRow[], ts: number): void {
  const insert = db.query(
    `INSERT INTO ledger_folds (ts, scope, agent_id, source_agent, origin, lines, bytes, whole_output, payload_bytes, session)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
  );
  db.transaction(() => {
    for (const r of rows)
      insert.run(ts, r.scope, r.agentId, r.sourceAgent, r.origin, r.lines, r.bytes, r.wholeOutput ? 1 : 0, r.payloadBytes, r.session);
  })();
}

/**
 * Compaction: the session's reader and every subagent reader under it (`session/…`) stop holding
 * what they were shown. '/' + 1 is '0', so the range is exactly the scopes prefixed `session/`.
 */
export function forgetReader(db: Db, sessionId: string): number {
  return db
    .query(
      "DELETE FROM ledger_lines WHERE scope_id IN (SELECT id FROM ledger_scopes WHERE name = ?1 OR (name >= ?1 || '/' AND name < ?1 || '0'))",
    )
    .run(sessionId).changes;
}

export function createLedgerStore(db: Db): LedgerStore {
  const seconds = (ms: number) => Math.floor(ms / 1000);
  return {
    seen: (scope, keys) => seenLines(db, scope, keys),
    takeOwedDelivery: (handle) => takeOwedDelivery(db, handle),
    record: (scopes, keys, agentId, source, nowMs) => recordLines(db, scopes, keys, agentId, source, seconds(nowMs)),
    touch: (scopes, keys, nowMs) => touchLines(db, scopes, keys, seconds(nowMs)),
    recordFolds: (rows, nowMs) => recordFolds(db, rows, seconds(nowMs)),
  };
}
