/** Builds what the pipeline needs at an entry point: the store (or none), the clock, the deadline. */
import { DEFAULT_HOOK_DEADLINE_MS } from "../base/limits.ts";
import type { PipelineDeps } from "../core/pipeline-types.ts";
import { systemClock } from "../platform/clock.ts";
import { nativeSha256Key } from "../platform/hash.ts";
import { databasePath, type Env } from "../platform/paths.ts";
import { withEngramCapture } from "../memory/engram-capture.ts";
import type { Db } from "../store/db.ts";
import { createPipelineStore, tryOpenDatabase } from "../store/index.ts";
import { withLockBudget } from "../store/lock-budget.ts";

export interface Runtime {
  db: Db | null;
  deps: PipelineDeps;
}

/** Room left after the last write for the reply and the exit, inside a hook's deadline. */
const REPLY_MARGIN_MS = 40;

export function openRuntime(env: Env = process.env, withDeadline = false): Runtime {
  const log = env.OMNI_DEBUG === "1" ? (message: string) => process.stderr.write(`[omni] ${message}\n`) : undefined;
  // A hook's writes wait for another process's lock only as long as its deadline has left, all
  // of them together, counted from the process's start: one that gives up loses its row, but
  // the raw bytes still go back within the deadline.
  const budget = { remainingMs: () => hookDeadlineMs(env) - REPLY_MARGIN_MS - performance.now() };
  const db = tryOpenDatabase(databasePath(env), withDeadline ? { busyTimeoutMs: Math.max(0, budget.remainingMs()) } : undefined, log);
  const store = db ? createPipelineStore(db) : null;
  const deps: PipelineDeps = {
    // Every recorded run may complete a subtask (fail → pass): capture rides on the record.
    store: db && store ? withEngramCapture(withDeadline ? withLockBudget(store, db, budget) : store, db, log) : null,
    clock: systemClock,
    sha256Key: nativeSha256Key,
    log,
  };
  if (withDeadline) deps.deadlineMs = hookDeadlineMs(env);
  return { db, deps };
}

export function hookDeadlineMs(env: Env): number {
  const parsed = Number(env.OMNI_HOOK_DEADLINE_MS);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_HOOK_DEADLINE_MS;
}
