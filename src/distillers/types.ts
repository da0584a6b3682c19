/**
 * The distiller contract. A distiller reads raw tool output and returns what the agent should
 * read instead, or null: "I did not recognise this", and the pipeline hands back the raw bytes.
 * Pure: no IO, no clock. A throw is caught by the pipeline and treated as null.
 *
 * A definition is the one place a distiller's facts live: its id, what routes to it by name, the
 * collapse mode for its fallback and the reason it gives when it declines. The registry
 * (./index.ts) is the only list of definitions; src/core/route.ts reads them from it.
 */
import type { CollapseMode } from "../base/collapse-mode.ts";
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

export interface Distiller<Id extends string = string> {
  /** The registry key and file name. */
  id: Id;
  describe: string;
  /**
   * The fallback collapse's mode for this distiller's output when the distiller does not beat the
   * guardrail; null when collapsing would destroy an answer (a file's lines, a search's matches).
   * Required: a new distiller states it rather than inheriting "generic" by silence.
   */
  collapse: CollapseMode | null;
  /**
   * Programs whose output this distiller reads by their name alone (`psql`, `trivy`, `terraform`).
   * Routing applies its own rules first (git's subcommands, launchers, the agent's narrowing, a
   * few listings), then this plain membership. A program belongs to one distiller at most.
   */
  programs?: readonly string[];
  /**
   * A failed run normally passes through verbatim. A distiller that recognises the runner's own
   * tally or error summary, and keeps every failure block whole, may distill failed runs too.
   */
  distillsFailedRuns?: boolean;
  /**
   * The passthrough reason recorded when `distill` returns null ("not recognised" unless something
   * truer can be said, such as a file shown whole on purpose). It is what `omni stats` lists under
   * passthrough reasons.
   */
  declined: string;
  distill(input: DistillInput): string | null;
}

export function defineDistiller<const Id extends string>(distiller: Distiller<Id>): Distiller<Id> {
  return distiller;
}
