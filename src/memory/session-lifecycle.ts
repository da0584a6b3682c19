/**
 * What a host's session hooks call: the start-of-session context (goal reminder, active error,
 * progress, facts), retention cleanup (run after the reply is written, so it never delays it),
 * and the end-of-session summary row.
 */
import type { Env } from "../platform/paths.ts";
import type { Db } from "../store/db.ts";
import { breakdown, sessionTotals } from "../store/runs.ts";
import { getSession } from "../store/sessions.ts";
import { pruneExpired, traceRetentionDays } from "../store/retention.ts";
import { writeSessionSummary } from "../store/summaries.ts";

export function runRetention(db: Db, env: Env, nowSecs: number): void {
  pruneExpired(db, nowSecs, traceRetentionDays(env));
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
    bytesSaved: Math.max(0, totals.bytesIn - totals.bytesOut),
    topFilter: top?.key ?? null,
    exitReason,
    projectPath: session.projectPath,
  });
  return true;
}
