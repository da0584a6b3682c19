/**
 * Re-runs: the same reader running the same command family again within RERUN_WINDOW_SECONDS.
 * After a distillation, that is the cost of what the distiller removed; after a raw delivery it
 * is the base rate the comparison in `--rerun` needs.
 */
import { commandFamily } from "../core/route.ts";
import { deliveredBytes, wasShortened } from "./accounting.ts";
import { RERUN_WINDOW_SECONDS } from "./limits.ts";
import type { RunRow } from "../store/rows.ts";

export interface Reruns {
  /** Ids of runs followed by a re-run. */
  followed: Set<number>;
  /** Run id of a distillation → bytes delivered by the re-run it caused. */
  chargedBytes: Map<number, number>;
  /** Re-runs that followed a distillation. */
  chargedCount: number;
}

/** A tool that is not a shell re-runs when it reads the same target again. */
function rerunKey(row: RunRow, familyOf: (command: string) => string): string {
  const reader = row.sessionId ?? `agent:${row.agentId}`;
  const family = row.tool && row.tool !== "Bash" ? `${row.tool} ${row.command ?? ""}` : familyOf(row.command ?? "");
  return `${reader}\u0000${family}`;
}

/**
 * `rows` in time order. Each re-run is matched to the nearest earlier run of its family only.
 * `familyOf` defaults to commandFamily; the aggregation passes a memoised one (commands repeat).
 */
export function findReruns(rows: readonly RunRow[], familyOf: (command: string) => string = commandFamily): Reruns {
  const last = new Map<string, RunRow>();
  const followed = new Set<number>();
  const chargedBytes = new Map<number, number>();
  let chargedCount = 0;
  for (const row of rows) {
    const key = rerunKey(row, familyOf);
    const previous = last.get(key);
    if (previous && row.ts - previous.ts <= RERUN_WINDOW_SECONDS) {
      followed.add(previous.id);
      if (wasShortened(previous)) {
        chargedBytes.set(previous.id, deliveredBytes(row));
        chargedCount++;
      }
    }
    last.set(key, row);
  }
  return { followed, chargedBytes, chargedCount };
}
