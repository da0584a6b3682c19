/**
 * Retention: what the database forgets, and when. The archive and run accounting keep 30 days;
 * benchmark traces keep OMNI_TRACE_RETENTION_DAYS (default 7), which is why a published figure
 * cannot be re-derived a week later. The session-start hook runs this in the background, so each
 * statement deletes in small batches and never holds the write lock long enough to stall a hook.
 */
import { ARCHIVE_RETENTION_DAYS, DEFAULT_TRACE_RETENTION_DAYS } from "../core/limits.ts";
import type { Db } from "./db.ts";

/** Rows deleted per statement: each batch is one short write transaction. */
const PRUNE_BATCH_ROWS = 500;
const SECONDS_PER_DAY = 86_400;

/** Tables pruned at the 30-day window, with the column that dates a row (seconds). */
const THIRTY_DAY_TABLES = [
  ["rewind_store", "ts"],
  ["distillations", "ts"],
  ["passthrough_events", "ts"],
  ["retrieve_events", "ts"],
  ["ledger_folds", "ts"],
  ["sessions", "last_active"],
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

/** Delete everything past its window. `nowSec` comes from the caller's clock. */
export function pruneExpired(db: Db, nowSec: number, traceDays: number): PruneResult {
  const deleted: Record<string, number> = {};
  for (const [table, column] of THIRTY_DAY_TABLES) {
    deleted[table] = pruneTable(db, table, column, nowSec - ARCHIVE_RETENTION_DAYS * SECONDS_PER_DAY);
  }
  deleted.execution_traces = pruneTable(db, "execution_traces", "ts", nowSec - traceDays * SECONDS_PER_DAY);
  // ledger_lines has no rowid: delete by its (scope, line_hash) key in batches too.
  deleted.ledger_lines = batched(() =>
    db
      .query(
        `DELETE FROM ledger_lines WHERE (scope, line_hash) IN
           (SELECT scope, line_hash FROM ledger_lines WHERE ts < ?1 LIMIT ?2)`,
      )
      .run(nowSec - ARCHIVE_RETENTION_DAYS * SECONDS_PER_DAY, PRUNE_BATCH_ROWS).changes,
  );
  return { deleted };
}

function pruneTable(db: Db, table: string, column: string, cutoffSec: number): number {
  // Table and column names come from the constant list above, never from input.
  const statement = db.query(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${column} < ?1 LIMIT ?2)`);
  return batched(() => statement.run(cutoffSec, PRUNE_BATCH_ROWS).changes);
}

function batched(deleteBatch: () => number): number {
  let total = 0;
  for (;;) {
    const changes = deleteBatch();
    total += changes;
    if (changes < PRUNE_BATCH_ROWS) return total;
  }
}
