/**
 * Engrams are captured as work completes: a command that failed and now passes (a test fixed, a
 * build error gone) becomes a digest naming what was resolved. Every recorded run passes
 * through here, so hook, exec, pipe and MCP all capture the same way; failures a host reports
 * through its failure hook arrive by recordToolError and are resolved here just the same.
 */
import type { PipelineStore, RunRecord } from "../core/pipeline-types.ts";
import type { Db } from "../store/db.ts";
import { ENGRAM_DETAIL_SEPARATOR, insertEngram } from "../store/engrams.ts";
import { RESOLVED_HINT_PREFIX, resolvePatterns } from "../store/patterns.ts";
import { insertEvent } from "../store/session-events.ts";
import { openToolErrors, resolveToolErrors } from "../store/tool-errors.ts";
import { projectHash } from "../base/project-hash.ts";
import { recordToolError, toolFamily } from "./tool-errors.ts";

const MAX_DETAIL_LINES = 3;
const FILE_REFERENCE = /(?:^|[\s(])((?:[\w.-]+\/)*[\w.-]+\.[a-z]{1,5}):\d+/g;

export interface CapturedRun {
  command: string;
  projectPath: string | null;
  sessionId: string | null;
  /** true / false when known; null when the host did not say (nothing is captured). */
  passed: boolean | null;
  raw: string;
  ts: number;
}

/** Call right after the run's rows were written. Returns the engram id when one was captured. */
export function captureAfterRun(db: Db, run: CapturedRun): number | null {
  if (run.command === "" || run.passed === null) return null;
  const hash = projectHash(run.projectPath);
  if (!run.passed) {
    recordToolError(db, { command: run.command, text: run.raw, sessionId: run.sessionId, projectHash: hash, ts: run.ts });
    return null;
  }
  const open = openToolErrors(db, run.command, hash);
  if (open.length === 0) return null;
  const resolved = [...new Set(open.flat())];
  const files = [...new Set(resolved.flatMap((line) => [...line.matchAll(FILE_REFERENCE)].map((m) => m[1]!)))];
  const label = `\`${run.command}\` passes again after ${open.length} failing run${open.length === 1 ? "" : "s"}`;
  const id = insertEngram(db, {
    sessionId: run.sessionId,
    trigger: "fail→pass",
    label,
    detail: resolved.slice(0, MAX_DETAIL_LINES).join(ENGRAM_DETAIL_SEPARATOR),
    files,
    category: "progress",
    projectHash: hash,
    ts: run.ts,
  });
  resolveToolErrors(db, run.command, hash);
  resolvePatterns(db, toolFamily(run.command), hash, `${RESOLVED_HINT_PREFIX}${run.command}`);
  insertEvent(db, { sessionId: run.sessionId, eventType: "resolved", content: label, ts: run.ts, projectHash: hash });
  return id;
}

/** Did the run pass? An exit code decides; without one, only the pipeline's failed-run decline says it failed. */
function runPassed(run: RunRecord): boolean | null {
  if (run.tool !== null && run.tool !== "Bash") return null;
  if (run.exitCode !== null) return run.exitCode === 0;
  return run.entry === "hook" ? run.reason !== "command failed" : null;
}

/** The pipeline's store, with capture after each record. Capture never fails a run. */
export function withEngramCapture(store: PipelineStore, db: Db, log?: (message: string) => void): PipelineStore {
  // Spread, so every other capability of the store (the ledger) passes through unchanged.
  return {
    ...store,
    record(run: RunRecord) {
      store.record(run);
      try {
        captureAfterRun(db, {
          command: run.command,
          projectPath: run.projectPath,
          sessionId: run.sessionId,
          passed: runPassed(run),
          raw: run.raw,
          ts: Math.floor(run.tsMs / 1000),
        });
      } catch (error) {
        log?.(`engram capture failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
