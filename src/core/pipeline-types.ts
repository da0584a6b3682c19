/**
 * What the pipeline takes and gives back, and the ports it runs on: the request an entry point
 * builds, the result it delivers, the run record the store keeps, the store and the clock.
 */
import type { Clock } from "../base/clock.ts";
import type { Emphasis } from "../base/emphasis.ts";
import type { Sha256Key } from "../base/handle.ts";
import type { FooterMode } from "../base/markers.ts";
import type { Folded } from "../ledger/fold.ts";
import type { LedgerStore } from "../ledger/types.ts";
import type { DistillerId } from "./route.ts";

export type Entry = "hook" | "pipe" | "exec" | "mcp";

export interface PipelineRequest {
  /** The raw output, as the reader would otherwise receive it. */
  text: string;
  /** The shell command (or the file path for a Read). */
  command: string;
  /** Host tool name (Bash, Read, Grep, WebFetch); absent for pipe and exec. */
  tool?: string;
  entry: Entry;
  /** The command exited non-zero or the host flagged an error. */
  failed: boolean;
  exitCode?: number | null;
  agentId: string;
  /** Reader scope: the host session id (`session/agent` for a subagent). No id, no ledger. */
  sessionId?: string | null;
  projectPath?: string | null;
  /** The environment asked for passthrough (OMNI_PASSTHROUGH=1). */
  passthroughRequested?: boolean;
  /** Words of the pinned goal (`omni goal`): lines naming one score higher. */
  goalTerms?: string[];
  /** The footer the entry prints after the output, recorded so stats charge only real ones; absent: none. */
  footer?: FooterMode;
  /** What the agent loop's goal asks for (OMNI_LOOP_GOAL): more detail kept, or harder compression. */
  emphasis?: Emphasis | null;
  /** The most a changed reply may hold, in bytes: the reader's host shows no more at once; absent: MAX_OUTPUT_BYTES. */
  viewCapBytes?: number;
  /** The share of that cap a cut gives the tail (a host that shows a long reply's two ends: one half); absent: one fifth. */
  viewTailShare?: number;
}

export type RouteTaken = "passthrough" | "distilled" | "collapsed" | "folded" | "cut" | "redacted" | "timeout";

export interface PipelineResult {
  /** What the reader gets. Equal to the input when `changed` is false. */
  delivered: string;
  changed: boolean;
  route: RouteTaken;
  reason: string | null;
  distiller: DistillerId | null;
  handle: string | null;
  bytesIn: number;
  bytesOut: number;
  latencyMs: number;
  /** A Read window whose leading lines were folded: add this to its first line number. */
  lineShift: number;
}

export interface RunRecord {
  tsMs: number;
  sessionId: string | null;
  agentId: string;
  entry: Entry;
  tool: string | null;
  command: string;
  label: string;
  distiller: string | null;
  route: RouteTaken;
  reason: string | null;
  inputBytes: number;
  outputBytes: number;
  deliveredBytes: number;
  latencyMs: number;
  handle: string | null;
  projectPath: string | null;
  exitCode: number | null;
  /** Absent on rows written before footers were recorded: the accounting then assumes exec's default. */
  footer?: FooterMode;
  raw: string;
  delivered: string;
}

/** What the pipeline needs from storage. Absent or failing, the run degrades to passthrough. */
export interface PipelineStore {
  /** Archive a block and return its handle, or null when it was not stored. */
  archive(content: string, wholeBytes: number, nowMs: number): string | null;
  record(run: RunRecord): void;
  /** The ledger's lookups and receipts; absent, nothing folds and nothing is recorded. */
  ledger?: LedgerStore;
}

export interface PipelineDeps {
  store: PipelineStore | null;
  clock: Clock;
  /** Past this many ms since the start, the raw bytes go back and the run is recorded as timed out. */
  deadlineMs?: number;
  log?: (message: string) => void;
  /**
   * Stages to run, all on by default. Only the benchmark switches one off: its `filters` arm runs
   * no ledger, and a peer's `+ledger` arm runs our ledger over the peer's output with no filters.
   */
  stages?: { filters?: boolean; ledger?: boolean };
  /** SHA-256 for the ledger's line keys; the pure node:crypto one when absent. Must give the same keys. */
  sha256Key?: Sha256Key;
}

/** What a stage hands on: the text to deliver so far and how it came to be. */
export interface Outcome {
  text: string;
  route: RouteTaken;
  reason: string | null;
  distiller: DistillerId | null;
  handle: string | null;
  /** The payload reached the ledger stage, so whatever is finally delivered is recorded as shown. */
  recordable?: boolean;
  folded?: Folded;
}
