/**
 * Engrams are captured as work completes: a command that failed and now passes (a test fixed, a
 * build error gone) becomes a digest naming what was resolved. Every recorded run passes
 * through here, so hook, exec, pipe and MCP all capture the same way.
 */
import type { PipelineStore, RunRecord } from "../core/pipeline.ts";
import type { Db } from "../store/db.ts";
import { insertEngram } from "../store/engrams.ts";
import { failureStreak, previousTraceRaw } from "../store/history.ts";
import { resolvePatterns } from "../store/patterns.ts";
import { insertEvent } from "../store/session-events.ts";
import { projectHash } from "./project.ts";
import { failureLines, recordToolError, toolFamily } from "./tool-errors.ts";

const MAX_DETAIL_LINES = 3;
const FILE_REFERENCE = /(?:^|[\s(])((?:[\w.-]+\/)*[\w.-]+\.[a-z]{1,5})(?::\d+)/g;

export interface CapturedRun {
  command: string;
  projectPath: string | null;
  sessionId: string | null;
  exitCode: number | null;
  raw: string;
  ts: number;
}

/** Call right after the run's rows were written. Returns the engram id when one was captured. */
export function captureAfterRun(db: Db, run: CapturedRun): number | null {
  if (run.command === "" || run.exitCode === null) return null;
  const hash = projectHash(run.projectPath);
  if (run.exitCode !== 0) {
    recordToolError(db, { command: run.command, text: run.raw, sessionId: run.sessionId, projectHash: hash, ts: run.ts });
    return null;
  }
  const { latestExit, streak } = failureStreak(db, run.command, run.projectPath);
  if (latestExit !== 0 || streak === 0) return null;
  const resolved = failureLines(previousTraceRaw(db, run.command, run.projectPath) ?? "");
  const files = [...new Set(resolved.flatMap((line) => [...line.matchAll(FILE_REFERENCE)].map((m) => m[1]!)))];
  const label = `\`${run.command}\` passes again after ${streak} failing run${streak === 1 ? "" : "s"}`;
  const id = insertEngram(db, {
    sessionId: run.sessionId,
    trigger: "fail→pass",
    label,
    detail: resolved.slice(0, MAX_DETAIL_LINES).join(" | "),
    files,
    category: "progress",
    projectHash: hash,
    ts: run.ts,
  });
  resolvePatterns(db, toolFamily(run.command), hash, `passed: ${run.command}`);
  insertEvent(db, { sessionId: run.sessionId, eventType: "resolved", content: label, ts: run.ts, projectHash: hash });
  return id;
}

/** The pipeline's store, with capture after each record. Capture never fails a run. */
export function withEngramCapture(store: PipelineStore, db: Db, log?: (message: string) => void): PipelineStore {
  return {
    archive: (content, wholeBytes, nowMs) => store.archive(content, wholeBytes, nowMs),
    record(run: RunRecord) {
      store.record(run);
      try {
        captureAfterRun(db, { command: run.command, projectPath: run.projectPath, sessionId: run.sessionId, exitCode: run.exitCode, raw: run.raw, ts: Math.floor(run.tsMs / 1000) });
      } catch (error) {
        log?.(`engram capture failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
