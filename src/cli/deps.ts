/** Builds what the pipeline needs at an entry point: the store (or none), the clock, the deadline. */
import { DEFAULT_HOOK_DEADLINE_MS } from "../core/limits.ts";
import type { PipelineDeps } from "../core/pipeline.ts";
import { systemClock } from "../platform/clock.ts";
import { nativeSha256Key } from "../platform/hash.ts";
import { databasePath, type Env } from "../platform/paths.ts";
import { withEngramCapture } from "../memory/engram-capture.ts";
import type { Db } from "../store/db.ts";
import { createPipelineStore, tryOpenDatabase } from "../store/index.ts";

export interface Runtime {
  db: Db | null;
  deps: PipelineDeps;
}

export function openRuntime(env: Env = process.env, withDeadline = false): Runtime {
  const log = env.OMNI_DEBUG === "1" ? (message: string) => process.stderr.write(`[omni] ${message}\n`) : undefined;
  // A hook waits a whole deadline for another process's write lock: one that gives up loses its row.
  const db = tryOpenDatabase(databasePath(env), withDeadline ? { busyTimeoutMs: hookDeadlineMs(env) } : undefined, log);
  const deps: PipelineDeps = {
    // Every recorded run may complete a subtask (fail → pass): capture rides on the record.
    store: db ? withEngramCapture(createPipelineStore(db), db, log) : null,
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
