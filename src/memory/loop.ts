/**
 * Loop settings from the environment (OMNI_LOOP_*, OMNI_SUBAGENT). Bad values are dropped, not
 * trusted: a loop id or goal ends up in stored keys and injected text.
 */
import { emphasisOf, type Emphasis } from "../base/emphasis.ts";
import type { Env } from "../platform/paths.ts";

const MAX_LOOP_GOAL_CHARS = 500;
export const MAX_LOOP_BUDGET_TOKENS = 10_000_000;

export interface LoopSettings {
  id: string | null;
  goal: string | null;
  budgetTokens: number | null;
  iteration: number | null;
  subagent: boolean;
}

export function loopIdProblem(id: string): string | null {
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? null : "a loop id is 1-64 letters, digits or dashes";
}

export function loopGoalProblem(goal: string): string | null {
  if (goal.length > MAX_LOOP_GOAL_CHARS) return `a loop goal is at most ${MAX_LOOP_GOAL_CHARS} characters`;
  return /[;&|`$<>\\]/.test(goal) ? "a loop goal may not contain shell metacharacters (; & | ` $ < > \\)" : null;
}

export function readLoopSettings(env: Env): LoopSettings {
  const id = env.OMNI_LOOP_ID?.trim() ?? "";
  const goal = env.OMNI_LOOP_GOAL?.trim() ?? "";
  const budget = Number(env.OMNI_LOOP_BUDGET);
  const iteration = Number(env.OMNI_LOOP_ITERATION);
  return {
    id: id !== "" && loopIdProblem(id) === null ? id : null,
    goal: goal !== "" && loopGoalProblem(goal) === null ? goal : null,
    budgetTokens: Number.isFinite(budget) && budget > 0 ? Math.min(Math.floor(budget), MAX_LOOP_BUDGET_TOKENS) : null,
    iteration: env.OMNI_LOOP_ITERATION !== undefined && Number.isInteger(iteration) && iteration >= 0 ? iteration : null,
    subagent: env.OMNI_SUBAGENT === "1",
  };
}

/** The distillation emphasis the loop's goal asks for, or null outside a loop (or with a goal that was refused). */
export function loopEmphasis(env: Env): Emphasis | null {
  return emphasisOf(readLoopSettings(env).goal);
}
