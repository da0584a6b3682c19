/**
 * The checker's side of a maker/checker loop: read the last N runs in the project (any agent)
 * and decide PASS or FAIL against measurable criteria. Reads only; the checker writes nothing.
 */
import type { RunSummary } from "../store/runs.ts";
import type { TraceText } from "../store/traces.ts";

export const MIN_VERIFY_CALLS = 5;
export const MAX_VERIFY_CALLS = 20;

export interface Verdict {
  pass: boolean;
  reasons: string[];
}

/** `criteria` are substrings that must appear in some recent output (e.g. "0 failed", "Build succeeded"). */
export function verify(runs: RunSummary[], traces: TraceText[], criteria: string[]): Verdict {
  const reasons: string[] = [];
  if (runs.length === 0)
    return { pass: false, reasons: ["no recorded runs to check; run the checks through omni (hook, omni exec or omni_run) first"] };
  const latestByCommand = new Map<string, RunSummary>();
  for (const run of runs) if (!latestByCommand.has(run.command)) latestByCommand.set(run.command, run);
  for (const run of latestByCommand.values()) {
    if (run.exitCode !== null && run.exitCode !== 0) reasons.push(`\`${run.command}\` last exited ${run.exitCode}`);
  }
  for (const criterion of criteria) {
    if (!traces.some((trace) => trace.raw.includes(criterion))) reasons.push(`no recent output contains "${criterion}"`);
  }
  return { pass: reasons.length === 0, reasons };
}
