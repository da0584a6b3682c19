/**
 * A hook's writes share one deadline. SQLite's busy handler waits per statement, so a database
 * held by another process cost a hook one whole wait per write (3 s for a 1 s deadline, with
 * the JavaScript watchdog unable to fire while SQLite sleeps). Here every write waits at most
 * what is left of the budget, and once a write found the database locked the rest are skipped:
 * the run degrades to passthrough (no archive, no marker) and the raw bytes go back in time.
 */
import { SQLiteError } from "bun:sqlite";
import type { PipelineStore } from "../core/pipeline-types.ts";
import type { LedgerStore } from "../ledger/types.ts";
import type { Db } from "./db.ts";

export interface LockBudget {
  /** Milliseconds left before the budget runs out (may be negative). */
  remainingMs(): number;
}

function isBusy(error: unknown): boolean {
  return (
    error instanceof SQLiteError && (error.code?.startsWith("SQLITE_BUSY") === true || error.code?.startsWith("SQLITE_LOCKED") === true)
  );
}

export function withLockBudget(store: PipelineStore, db: Db, budget: LockBudget): PipelineStore {
  let locked = false;
  /** Run a write within what is left; `fallback` when the budget is spent or the database is held. */
  function guarded<T>(write: () => T, fallback: T): T {
    const left = Math.floor(budget.remainingMs());
    if (locked || left <= 0) return fallback;
    try {
      db.exec(`PRAGMA busy_timeout = ${left}`);
      return write();
    } catch (error) {
      if (isBusy(error)) {
        // Held past the whole budget: the rest is skipped. A busy answer that came at once (a
        // snapshot another writer moved on from) loses only this write, as it always did.
        locked = budget.remainingMs() <= 0;
        return fallback;
      }
      throw error;
    } finally {
      // Whatever writes next, here or elsewhere in the hook, waits only what is left (none once locked).
      db.exec(`PRAGMA busy_timeout = ${locked ? 0 : Math.max(0, Math.floor(budget.remainingMs()))}`);
    }
  }
  const ledger: LedgerStore | undefined = store.ledger && {
    seen: (scope, keys) => store.ledger!.seen(scope, keys),
    takeOwedDelivery: (handle) => guarded(() => store.ledger!.takeOwedDelivery(handle), false),
    record: (...args) => guarded(() => store.ledger!.record(...args), undefined),
    touch: (...args) => guarded(() => store.ledger!.touch(...args), undefined),
    recordFolds: (...args) => guarded(() => store.ledger!.recordFolds(...args), undefined),
  };
  return {
    archive: (content, wholeBytes, nowMs) => guarded(() => store.archive(content, wholeBytes, nowMs), null),
    record: (run) => guarded(() => store.record(run), undefined),
    ...(ledger ? { ledger } : {}),
  };
}
