/**
 * Context pressure: an estimate of how full the session's window is, from the bytes delivered
 * to the reader, with warnings at OMNI_PRESSURE_WARN / OMNI_PRESSURE_CRITICAL of
 * OMNI_CONTEXT_WINDOW. Warnings repeat at most every PRESSURE_WARNING_COOLDOWN_CALLS calls; a
 * loop's budget warns past 80% of OMNI_LOOP_BUDGET for the current iteration.
 */
import type { Env } from "../platform/paths.ts";
import type { Db } from "../store/db.ts";
import { getSession, saveSessionState } from "../store/sessions.ts";
import { sessionTotals } from "../store/runs.ts";
import { readLoopSettings, type LoopSettings } from "./loop.ts";

const DEFAULT_CONTEXT_WINDOW_TOKENS = 200_000;
const DEFAULT_PRESSURE_WARN = 0.65;
const DEFAULT_PRESSURE_CRITICAL = 0.82;
const PRESSURE_WARNING_COOLDOWN_CALLS = 5;
const LOOP_BUDGET_WARN_SHARE = 0.8;
/** The shipped mixed-content estimate; tokens are only ever an estimate here. */
const BYTES_PER_TOKEN = 3.6;

export interface PressureSettings {
  windowTokens: number;
  warn: number;
  critical: number;
}

export type PressureLevel = "ok" | "warn" | "critical";

function ratioFromEnv(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isFinite(parsed) && parsed > 0 && parsed < 1 ? parsed : fallback;
}

export function readPressureSettings(env: Env): PressureSettings {
  const window = Number(env.OMNI_CONTEXT_WINDOW);
  return {
    windowTokens: Number.isFinite(window) && window > 0 ? Math.floor(window) : DEFAULT_CONTEXT_WINDOW_TOKENS,
    warn: ratioFromEnv(env.OMNI_PRESSURE_WARN, DEFAULT_PRESSURE_WARN),
    critical: ratioFromEnv(env.OMNI_PRESSURE_CRITICAL, DEFAULT_PRESSURE_CRITICAL),
  };
}

export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

export function pressureLevel(usedTokens: number, settings: PressureSettings): PressureLevel {
  const ratio = usedTokens / settings.windowTokens;
  if (ratio >= settings.critical) return "critical";
  return ratio >= settings.warn ? "warn" : "ok";
}

export interface NoticeState {
  lastPressureWarnCall?: number;
  loopIteration?: number | null;
  loopStartTokens?: number;
}

export interface NoticeInput {
  calls: number;
  usedTokens: number;
  state: NoticeState;
  settings: PressureSettings;
  loop: LoopSettings;
}

/** Pure: the notices for this call and the state to keep for the next one. */
export function planNotices(input: NoticeInput): { notices: string[]; state: NoticeState } {
  const state: NoticeState = { ...input.state };
  const notices: string[] = [];
  const level = pressureLevel(input.usedTokens, input.settings);
  const cooled = state.lastPressureWarnCall === undefined || input.calls - state.lastPressureWarnCall >= PRESSURE_WARNING_COOLDOWN_CALLS;
  if (level !== "ok" && cooled) {
    const percent = Math.round((100 * input.usedTokens) / input.settings.windowTokens);
    notices.push(
      level === "critical"
        ? `[omni] context ~${percent}% full (critical): finish the current step, store what matters with omni_remember, and expect compaction.`
        : `[omni] context ~${percent}% full: prefer narrow reads and distilled commands.`,
    );
    state.lastPressureWarnCall = input.calls;
  }
  if (input.loop.budgetTokens !== null) {
    if (state.loopIteration !== input.loop.iteration || state.loopStartTokens === undefined) {
      state.loopIteration = input.loop.iteration;
      state.loopStartTokens = input.usedTokens;
    }
    const used = input.usedTokens - state.loopStartTokens;
    if (used > input.loop.budgetTokens * LOOP_BUDGET_WARN_SHARE) {
      notices.push(
        `[omni] loop budget ${Math.round((100 * used) / input.loop.budgetTokens)}% used this iteration (${used} of ${input.loop.budgetTokens} tokens).`,
      );
    }
  }
  return { notices, state };
}

/** For the post-hook's additionalContext: the notices for this session's latest call, or null. */
export function sessionNotices(db: Db, sessionId: string, env: Env): string | null {
  const session = getSession(db, sessionId);
  if (!session) return null;
  const totals = sessionTotals(db, sessionId);
  const { notices, state } = planNotices({
    calls: totals.commands,
    usedTokens: estimateTokens(totals.bytesOut),
    state: (session.state.notices ?? {}) as NoticeState,
    settings: readPressureSettings(env),
    loop: readLoopSettings(env),
  });
  saveSessionState(db, sessionId, { ...session.state, notices: state });
  return notices.length === 0 ? null : notices.join("\n");
}
