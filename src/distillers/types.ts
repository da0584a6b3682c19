/**
 * The distiller contract. A distiller reads raw tool output and returns what the agent should
 * read instead, or null: "I did not recognise this", and the pipeline hands back the raw bytes.
 * Pure: no IO, no clock. A throw is caught by the pipeline and treated as null.
 */
import type { ScoredLine } from "../base/score.ts";

export interface DistillInput {
  /** The raw output, exactly as the tool printed it. */
  text: string;
  /** The command that produced it (may be empty; for the Read tool, the file path). */
  command: string;
  /** The output's lines with their tiers. */
  segments: ScoredLine[];
  /** True when the command exited non-zero. */
  failed: boolean;
  /** The host tool that produced it (Bash, Read, Grep, …), when known. */
  tool?: string;
}

export interface Distiller {
  /** The registry key and file name. */
  id: string;
  describe: string;
  /**
   * A failed run normally passes through verbatim. A distiller that recognises the runner's own
   * tally or error summary, and keeps every failure block whole, may distill failed runs too.
   */
  distillsFailedRuns?: boolean;
  /**
   * The passthrough reason recorded when `distill` returns null, where "not recognised" would
   * mislead (a file shown whole on purpose). It is what `omni stats` lists under passthrough reasons.
   */
  declined?: string;
  distill(input: DistillInput): string | null;
}

export function defineDistiller(distiller: Distiller): Distiller {
  return distiller;
}
