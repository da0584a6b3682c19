/** `omni session` views and `omni_session`: status, history, transcript and health of the project's sessions. */
import { agentSessions } from "../store/agent-sessions.ts";
import type { Db } from "../store/db.ts";
import { listSessions, type SessionRow } from "../store/sessions.ts";
import { recentRuns, sessionTotals } from "../store/runs.ts";
import { schemaVersion } from "../store/db.ts";
import { estimateTokens, pressureLevel, readPressureSettings } from "./pressure.ts";
import type { Env } from "../platform/paths.ts";
import type { MemoryScope } from "./scope.ts";
import { gatherSessionContext } from "./session-context.ts";

const HISTORY_SESSIONS = 10;
const TRANSCRIPT_RUNS = 50;

export function sessionStatus(db: Db, scope: MemoryScope, nowSecs: number, env: Env) {
  const context = gatherSessionContext(db, scope, nowSecs);
  const used = estimateTokens(context.totals?.bytesOut ?? 0);
  const settings = readPressureSettings(env);
  return {
    session_id: context.session?.id ?? null,
    started_at: context.session?.startedAt ?? null,
    last_active: context.session?.lastActive ?? null,
    commands: context.totals?.commands ?? 0,
    failures: context.totals?.failures ?? 0,
    bytes_in: context.totals?.bytesIn ?? 0,
    bytes_out: context.totals?.bytesOut ?? 0,
    context_tokens_est: used,
    pressure: pressureLevel(used, settings),
    goal: context.goal,
    active_error: context.activeError,
    hot_files: context.hotFiles,
    /** Every agent seen in this project, most recent first: which session each is in. */
    agents: agentSessions(db, scope.hash).map((agent) => ({
      agent_id: agent.agentId,
      session_id: agent.sessionId,
      last_active: agent.lastActive,
    })),
  };
}

export function sessionHistory(db: Db, scope: MemoryScope) {
  return listSessions(db, scope.path, HISTORY_SESSIONS).map((session: SessionRow) => ({
    session_id: session.id,
    started_at: session.startedAt,
    last_active: session.lastActive,
    agent_id: session.agentId,
    ...sessionTotals(db, session.id),
  }));
}

export function sessionTranscript(db: Db, scope: MemoryScope) {
  const session = listSessions(db, scope.path, 1)[0];
  if (!session) return [];
  return recentRuns(db, { sessionId: session.id, limit: TRANSCRIPT_RUNS })
    .reverse()
    .map((run) => ({
      ts: run.ts,
      command: run.command,
      exit_code: run.exitCode,
      route: run.route,
      bytes_in: run.inputBytes,
      bytes_out: run.outputBytes,
      handle: run.handle,
    }));
}

export function sessionHealth(db: Db, scope: MemoryScope, nowSecs: number, env: Env) {
  const status = sessionStatus(db, scope, nowSecs, env);
  const failureRate = status.commands === 0 ? 0 : status.failures / status.commands;
  return {
    schema_version: schemaVersion(db),
    pressure: status.pressure,
    context_tokens_est: status.context_tokens_est,
    commands: status.commands,
    failure_rate: Math.round(failureRate * 100) / 100,
    active_error: status.active_error,
    healthy: status.pressure === "ok" && status.active_error === null,
  };
}
