/**
 * The pinned goal: one `project_knowledge` row under a reserved key. It boosts the scorer
 * (goalTerms) and is reminded at session start.
 */
import type { Db } from "../store/db.ts";
import { deleteKnowledge, getKnowledge, upsertKnowledge } from "../store/knowledge.ts";

const GOAL_KEY = "__omni_goal__";
/** "hi" is not a goal: a goal has to name something the scorer can match. */
const MIN_GOAL_CHARS = 10;
const MAX_GOAL_CHARS = 500;
/** The goal honours its own ttl rather than the 30-day working tier. */
const GOAL_TTL_DAYS = 90;

const STOP_WORDS = new Set(["the", "and", "for", "with", "from", "into", "off", "that", "this", "make", "all", "our", "out"]);

/** Returns null when stored, or a sentence saying why the text is not a goal. */
export function goalProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length < MIN_GOAL_CHARS || goalTerms(trimmed).length === 0)
    return `a goal needs at least ${MIN_GOAL_CHARS} characters naming the work, e.g. 'Migrate the billing service off the legacy queue'`;
  if (trimmed.length > MAX_GOAL_CHARS) return `a goal is at most ${MAX_GOAL_CHARS} characters; state the outcome, not the plan`;
  return null;
}

export function setGoal(db: Db, projectHash: string, text: string, ts: number): void {
  upsertKnowledge(db, { projectHash, key: GOAL_KEY, value: text.trim(), category: "goal", tags: [], ts, ttlDays: GOAL_TTL_DAYS });
}

export function getGoal(db: Db, projectHash: string): { text: string; setAt: number } | null {
  const row = getKnowledge(db, projectHash, GOAL_KEY);
  return row ? { text: row.value, setAt: row.lastUpdated } : null;
}

export function clearGoal(db: Db, projectHash: string): boolean {
  return deleteKnowledge(db, projectHash, GOAL_KEY);
}

/** The words of a goal the scorer matches lines against. */
export function goalTerms(goal: string): string[] {
  const words = goal.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 3 && !STOP_WORDS.has(word)))];
}

/** The goal terms for a run's project, or none: a missing or unreadable goal never fails a run. */
export function storedGoalTerms(db: Db | null, projectHash: string): string[] | undefined {
  if (!db) return undefined;
  try {
    const goal = getGoal(db, projectHash);
    return goal ? goalTerms(goal.text) : undefined;
  } catch {
    return undefined;
  }
}
