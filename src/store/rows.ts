/**
 * The rows every report aggregates, as the store hands them over. Plain data: the aggregation
 * never sees SQL, so `omni stats`, the dashboard and `omni bench replay --from-db` can feed it
 * the same way.
 */

import type { FooterMode } from "../base/markers.ts";

/** One `distillations` row: a hook, pipe, exec or MCP run. */
export interface RunRow {
  id: number;
  /** Unix seconds. */
  ts: number;
  sessionId: string | null;
  agentId: string;
  entry: string;
  tool: string | null;
  command: string | null;
  /** The producing program (`filter_name`). */
  label: string;
  distiller: string | null;
  route: string;
  reason: string | null;
  inputBytes: number;
  outputBytes: number;
  /** What the reader got; -1 when unknown (legacy), 0 when nothing reached a model. */
  deliveredBytes: number;
  latencyMs: number;
  handle: string | null;
  projectPath: string | null;
  exitCode: number | null;
  /** The footer the run printed; null on rows older than that record (exec's default assumed). */
  footer: FooterMode | null;
}

/** One `omni retrieve` / `omni_retrieve` pull, with the size of the block it printed. */
export interface RetrievalRow {
  hash: string;
  ts: number;
  agentId: string | null;
  bytes: number;
}

/** One session a host closed (SessionEnd, or compaction). */
export interface SessionCloseRow {
  sessionId: string;
  endedAt: number;
  agentId: string | null;
  /** As the host counted them; null when it did not say (then runs are counted). */
  totalCommands: number | null;
  exitReason: string | null;
}

export interface StatsRows {
  runs: RunRow[];
  retrievals: RetrievalRow[];
  sessionCloses: SessionCloseRow[];
}

/** A closed interval of unix seconds, with the words the report uses for it. */
export interface StatsWindow {
  name: WindowName;
  label: string;
  sinceTs: number;
  untilTs: number;
}

export type WindowName = "hour" | "day" | "week" | "month";
