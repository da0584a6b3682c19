/**
 * What a host's session hooks call: the start-of-session context (goal reminder, active error,
 * progress, facts), retention cleanup (run after the reply is written, so it never delays it),
 * and the end-of-session summary row.
 */
import { ARCHIVE_RETENTION_DAYS, DEFAULT_TRACE_RETENTION_DAYS } from "../core/limits.ts";
import type { Env } from "../platform/paths.ts";
import type { Db } from "../store/db.ts";
import { breakdown, getSession, sessionTotals } from "../store/history.ts";
import { cleanupOld, type RetentionPolicy } from "../store/retention.ts";
import { writeSessionSummary } from "../store/summaries.ts";
import { estimateTokens } from "./pressure.ts";

export { buildSessionInject } from "./session-context.ts";

/** OMNI_TRACE_RETENTION_DAYS widens or narrows the trace tier; a bad value is ignored. */
export function retentionPolicy(env: Env): RetentionPolicy {
  const days = Number(env.OMNI_TRACE_RETENTION_DAYS);
  return { workingDays: ARCHIVE_RETENTION_DAYS, traceDays: Number.isInteger(days) && days > 0 ? days : DEFAULT_TRACE_RETENTION_DAYS };
}

export function runRetention(db: Db, env: Env, nowSecs: number): void {
  cleanupOld(db, nowSecs, retentionPolicy(env));
}

/** Writes the session's summary row; returns false when the session was never recorded. */
export function summarizeSession(db: Db, sessionId: string, exitReason: string, nowSecs: number): boolean {
  const session = getSession(db, sessionId);
  if (!session) return false;
  const totals = sessionTotals(db, sessionId);
  const top = breakdown(db, "label", session.projectPath, session.startedAt, 1)[0];
  writeSessionSummary(db, {
    sessionId,
    startedAt: session.startedAt,
    endedAt: nowSecs,
    agentId: session.agentId,
    totalCommands: totals.commands,
    tokensSaved: estimateTokens(Math.max(0, totals.bytesIn - totals.bytesOut)),
    topFilter: top?.key ?? null,
    exitReason,
    projectPath: session.projectPath,
  });
  return true;
}
