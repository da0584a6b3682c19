/**
 * Retention tiers: working data 30 days, verbatim traces OMNI_TRACE_RETENTION_DAYS (7), loop
 * facts and the goal by their own ttl. Conclusions (facts, engrams, error patterns) are kept:
 * a month away should cost the raw bytes, not what was learned. Runs at session start, off
 * the reply's path.
 */
import type { Db } from "./db.ts";

const DAY_SECS = 86_400;

export interface RetentionPolicy {
  workingDays: number;
  traceDays: number;
}

export function cleanupOld(db: Db, nowSecs: number, policy: RetentionPolicy): void {
  const working = nowSecs - policy.workingDays * DAY_SECS;
  const traces = nowSecs - policy.traceDays * DAY_SECS;
  db.transaction(() => {
    for (const table of ["distillations", "rewind_store", "ledger_folds", "ledger_lines", "passthrough_events", "retrieve_events", "tool_errors"]) {
      db.query(`DELETE FROM ${table} WHERE ts < ?1`).run(working);
    }
    db.query("DELETE FROM sessions WHERE started_at < ?1").run(working);
    db.query("DELETE FROM session_summaries WHERE ended_at < ?1").run(working);
    db.query("DELETE FROM session_events WHERE CAST(ts AS INTEGER) < ?1").run(working);
    db.query("DELETE FROM execution_traces WHERE ts < ?1").run(traces);
    db.query("DELETE FROM loop_memory WHERE last_seen < ?1 - ttl_days * 86400").run(nowSecs);
    db.query("DELETE FROM project_knowledge WHERE ttl_days IS NOT NULL AND last_updated < ?1 - ttl_days * 86400").run(nowSecs);
  })();
}
