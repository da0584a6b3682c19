/**
 * What an agent loop's goal asks of distillation (the manual's "Loop engineering"): a goal about
 * tests keeps test detail, one about debugging keeps error context, one about refactoring
 * compresses harder. Read from the goal's words only; no goal, no emphasis.
 */
export type Emphasis = "test" | "debug" | "refactor";

/** Keeping detail outranks compressing: a goal naming both debugging and refactoring keeps errors whole. */
const WORDS: ReadonlyArray<[Emphasis, RegExp]> = [
  ["debug", /\bdebug/i],
  ["test", /\btest/i],
  ["refactor", /\brefactor/i],
];

export function emphasisOf(goal: string | null | undefined): Emphasis | null {
  if (!goal) return null;
  return WORDS.find(([, words]) => words.test(goal))?.[0] ?? null;
}
