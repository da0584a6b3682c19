/**
 * Retention: what the database forgets, and when. Working data (the archive, run accounting,
 * the ledger, sessions) keeps 30 days; benchmark traces keep OMNI_TRACE_RETENTION_DAYS (default
 * 7), which is why a published figure cannot be re-derived a week later; loop facts and the goal
 * go by their own ttl. Conclusions (facts, engrams, error patterns) are kept: a month away should
 * cost the raw bytes, not what was learned. The session-start hook runs this after its reply, and
 * each statement deletes in small batches so it never holds the write lock long enough to stall
 * a concurrent hook.
 */
import { ARCHIVE_BUDGET_BYTES, ARCHIVE_RETENTION_DAYS, DEFAULT_TRACE_RETENTION_DAYS } from "../base/limits.ts";
import { archiveStoredBytes } from "./archive.ts";
import type { Db } from "./db.ts";

/** Rows deleted per statement: each batch is one short write transaction. */
const PRUNE_BATCH_ROWS = 500;
const SECONDS_PER_DAY = 86_400;

/** Tables pruned at the working window, with the expression that dates a row (seconds). */
const WORKING_TABLES = [
  ["rewind_store", "ts"],
  ["distillations", "ts"],
  ["passthrough_events", "ts"],
  ["retrieve_events", "ts"],
  ["ledger_folds", "ts"],
  ["tool_errors", "ts"],
  ["sessions", "last_active"],
  ["agent_sessions", "last_active"],
  ["session_summaries", "ended_at"],
  ["session_events", "CAST(ts AS INTEGER)"],
] as const;

export interface PruneResult {
  /** Rows deleted per table. */
  deleted: Record<string, number>;
}

/** OMNI_TRACE_RETENTION_DAYS when it is a positive number; a bad value is ignored, not fatal. */
export function traceRetentionDays(env: Record<string, string | undefined>): number {
  const parsed = Number(env.OMNI_TRACE_RETENTION_DAYS);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_TRACE_RETENTION_DAYS;
}

/** Delete everything past its window, then the oldest blocks past the archive's budget. `nowSec` comes from the caller's clock. */
export function pruneExpired(db: Db, nowSec: number, traceDays: number, archiveBudgetBytes = ARCHIVE_BUDGET_BYTES): PruneResult {
  const workingCutoff = nowSec - ARCHIVE_RETENTION_DAYS * SECONDS_PER_DAY;
  const deleted: Record<string, number> = {};
  for (const [table, dated] of WORKING_TABLES) deleted[table] = pruneRows(db, table, `${dated} < ?1`, workingCutoff);
  deleted.execution_traces = pruneRows(db, "execution_traces", "ts < ?1", nowSec - traceDays * SECONDS_PER_DAY);
  deleted.loop_memory = pruneRows(db, "loop_memory", "last_seen < ?1 - ttl_days * 86400", nowSec);
  deleted.project_knowledge = pruneRows(db, "project_knowledge", "ttl_days IS NOT NULL AND last_updated < ?1 - ttl_days * 86400", nowSec);
  // ledger_lines has no rowid: delete by its (scope_id, line_hash) key, in batches too.
  deleted.ledger_lines = batched(
    () =>
      db
        .query(
          `DELETE FROM ledger_lines WHERE (scope_id, line_hash) IN (SELECT scope_id, line_hash FROM ledger_lines WHERE ts < ?1 LIMIT ?2)`,
        )
        .run(workingCutoff, PRUNE_BATCH_ROWS).changes,
  );
  deleted.rewind_store = (deleted.rewind_store ?? 0) + pruneArchiveToBudget(db, archiveBudgetBytes);
  // Interned names no line points at any more (a scope forgotten at compaction, a file read a month ago).
  deleted.ledger_scopes = db
    .query("DELETE FROM ledger_scopes WHERE NOT EXISTS (SELECT 1 FROM ledger_lines WHERE scope_id = ledger_scopes.id)")
    .run().changes;
  deleted.ledger_sources = pruneUnusedSources(db);
  return { deleted };
}

/**
 * The archive is bounded in bytes as well as in days: past the budget the oldest blocks go first,
 * a batch at a time, each batch its own short write. Their handles then say "no archived block".
 */
export function pruneArchiveToBudget(db: Db, budgetBytes: number): number {
  let over = archiveStoredBytes(db) - budgetBytes;
  let deleted = 0;
  const oldest = db.query(
    "SELECT rowid AS id, COALESCE(length(packed), 0) + length(CAST(content AS BLOB)) AS n FROM rewind_store ORDER BY ts, rowid LIMIT ?1",
  );
  const remove = db.query("DELETE FROM rewind_store WHERE rowid IN (SELECT value FROM json_each(?1))");
  while (over > 0) {
    const batch = oldest.all(PRUNE_BATCH_ROWS) as Array<{ id: number; n: number }>;
    if (batch.length === 0) break;
    const ids: number[] = [];
    for (const row of batch) {
      if (over <= 0) break;
      ids.push(row.id);
      over -= row.n;
    }
    deleted += remove.run(JSON.stringify(ids)).changes;
  }
  return deleted;
}

function pruneRows(db: Db, table: string, condition: string, cutoff: number): number {
  // Table names and conditions come from the constants above, never from input.
  const statement = db.query(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${condition} LIMIT ?2)`);
  return batched(() => statement.run(cutoff, PRUNE_BATCH_ROWS).changes);
}

function batched(deleteBatch: () => number): number {
  let total = 0;
  for (;;) {
    const changes = deleteBatch();
    total += changes;
    if (changes < PRUNE_BATCH_ROWS) return total;
  }
}

/**
 * Sources no line names: found by one read (lines have no index on source_id, and a scan must
 * not hold the write lock), then deleted in batches. A source re-used between the two loses
 * only its label ("from <file>") on a later fold, never a line.
 */
function pruneUnusedSources(db: Db): number {
  const used = new Set(
    (db.query("SELECT DISTINCT source_id AS id FROM ledger_lines WHERE source_id IS NOT NULL").all() as Array<{ id: number }>).map(
      (row) => row.id,
    ),
  );
  const unused = (db.query("SELECT id FROM ledger_sources").all() as Array<{ id: number }>)
    .map((row) => row.id)
    .filter((id) => !used.has(id));
  const remove = db.query("DELETE FROM ledger_sources WHERE id IN (SELECT value FROM json_each(?1))");
  let deleted = 0;
  for (let at = 0; at < unused.length; at += PRUNE_BATCH_ROWS)
    deleted += remove.run(JSON.stringify(unused.slice(at, at + PRUNE_BATCH_ROWS))).changes;
  return deleted;
}
