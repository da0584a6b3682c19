/**
 * Why each surviving mutant of `bun run bench:mutation` is left, keyed by "path | trimmed source
 * line | mutation" (bench/mutation-report.ts's reasonKey), so a reason follows its line when code
 * above it moves. A survivor with no entry here fails the run.
 */
export const NOTES: string[] = [];

export const REASONS: Record<string, string> = {};
