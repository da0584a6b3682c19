/**
 * Turns one replay into the numbers the report prints. Every table is computed from the same
 * per-call outcomes, so no figure can come from a different run than another.
 */
import { handleFor, lineKey } from "../core/handle.ts";
import { byteLength, splitInclusive } from "../core/lines.ts";
import { auditFailures, type AuditCounts } from "./audit.ts";
import { bucketOf, CLASSES, SHAPES, type Bucket } from "./classify.ts";
import type { Corpus } from "./corpus.ts";
import type { ArmResult, FoldTotals } from "./replay.ts";

export interface Totals {
  calls: number;
  bytesIn: number;
  bytesOut: number;
  savedPercent: number;
  savedNothing: number;
  shrank: number;
  grew: number;
}

export interface GroupRow {
  key: string;
  calls: number;
  bytesIn: number;
  /** Bytes delivered, per arm id. */
  bytesOut: Record<string, number>;
}

export interface ArmSummary {
  id: string;
  totals: Totals;
  seconds: number;
  audit: AuditCounts | null;
  findings: string[];
  invalidReplies: number;
  folds: Record<"session" | "project", FoldTotals>;
  /** The same totals read back from the arm's run rows; the report says if they ever disagree. */
  recorded: ArmResult["recorded"];
}

export interface ReplayReport {
  corpus: {
    population: string;
    calls: number;
    bytes: number;
    sessions: number;
    window: { fromSec: number; toSec: number } | null;
    agentIds: Record<string, number>;
    excluded: Record<string, number>;
  };
  arms: ArmSummary[];
  repetition: {
    /** Share of raw bytes in lines the same reader had already been shown, with no omni at all. */
    repeatedLineShare: number;
    /** Share of raw bytes in payloads byte-identical to an earlier one. */
    identicalPayloadShare: number;
  };
  byClass: GroupRow[];
  byShape: GroupRow[];
  topCommands: GroupRow[];
  /** Sum of every audit count over our arms, plus invalid replies and calls that grew; non-zero fails the run. */
  failures: number;
}

const TOP_COMMANDS = 15;

export function percentSaved(bytesIn: number, bytesOut: number): number {
  return bytesIn === 0 ? 0 : (100 * (bytesIn - bytesOut)) / bytesIn;
}

export function aggregate(corpus: Corpus, results: ArmResult[]): ReplayReport {
  const buckets = corpus.calls.map((call) => bucketOf(call.tool, call.command));
  const arms = results.map(summarizeArm);
  const ours = arms.filter((arm) => arm.audit !== null);
  const failures = ours.reduce((sum, arm) => sum + auditFailures(arm.audit!) + arm.invalidReplies + arm.totals.grew, 0);
  const timestamps = corpus.calls.flatMap((call) => (call.tsSec === null ? [] : [call.tsSec]));
  return {
    corpus: {
      population: corpus.population,
      calls: corpus.calls.length,
      bytes: corpus.calls.reduce((sum, call) => sum + byteLength(call.text), 0),
      sessions: new Set(corpus.calls.map((call) => call.sessionId)).size,
      window: timestamps.length ? { fromSec: Math.min(...timestamps), toSec: Math.max(...timestamps) } : null,
      agentIds: countBy(corpus.calls.map((call) => call.agentId)),
      excluded: corpus.excluded,
    },
    arms,
    repetition: repetition(corpus),
    byClass: group(results, buckets, (b) => b.callClass, CLASSES),
    byShape: group(results, buckets, (b) => b.shape, SHAPES),
    topCommands: group(results, buckets, (b) => b.label)
      .sort((a, b) => b.bytesIn - a.bytesIn)
      .slice(0, TOP_COMMANDS),
    failures,
  };
}

function summarizeArm(result: ArmResult): ArmSummary {
  const totals: Totals = { calls: result.outcomes.length, bytesIn: 0, bytesOut: 0, savedPercent: 0, savedNothing: 0, shrank: 0, grew: 0 };
  for (const { bytesIn, bytesOut } of result.outcomes) {
    totals.bytesIn += bytesIn;
    totals.bytesOut += bytesOut;
    if (bytesOut < bytesIn) totals.shrank++;
    else if (bytesOut > bytesIn) totals.grew++;
    else totals.savedNothing++;
  }
  totals.savedPercent = percentSaved(totals.bytesIn, totals.bytesOut);
  return { id: result.arm.id, totals, seconds: result.seconds, audit: result.audit, findings: result.findings, invalidReplies: result.invalidReplies, folds: result.folds, recorded: result.recorded };
}

function group(results: ArmResult[], buckets: Bucket[], keyOf: (bucket: Bucket) => string, order?: readonly string[]): GroupRow[] {
  const rows = new Map<string, GroupRow>();
  for (const key of order ?? []) rows.set(key, { key, calls: 0, bytesIn: 0, bytesOut: {} });
  buckets.forEach((bucket, i) => {
    const key = keyOf(bucket);
    const row = rows.get(key) ?? rows.set(key, { key, calls: 0, bytesIn: 0, bytesOut: {} }).get(key)!;
    row.calls++;
    row.bytesIn += results[0]?.outcomes[i]?.bytesIn ?? 0;
    for (const result of results) row.bytesOut[result.arm.id] = (row.bytesOut[result.arm.id] ?? 0) + result.outcomes[i]!.bytesOut;
  });
  return [...rows.values()].filter((row) => row.calls > 0);
}

function repetition(corpus: Corpus): ReplayReport["repetition"] {
  const seenLines = new Map<string, Set<string>>();
  const seenPayloads = new Set<string>();
  let total = 0;
  let repeatedLines = 0;
  let identical = 0;
  for (const call of corpus.calls) {
    const bytes = byteLength(call.text);
    total += bytes;
    const payloadKey = handleFor(call.text);
    if (seenPayloads.has(payloadKey)) identical += bytes;
    seenPayloads.add(payloadKey);
    const scope = call.scope ?? "";
    const seen = seenLines.get(scope) ?? seenLines.set(scope, new Set()).get(scope)!;
    const keys: string[] = [];
    for (const line of splitInclusive(call.text)) {
      const key = lineKey(line);
      if (line.trim() !== "" && seen.has(key)) repeatedLines += byteLength(line);
      keys.push(key);
    }
    for (const key of keys) seen.add(key);
  }
  return { repeatedLineShare: total === 0 ? 0 : repeatedLines / total, identicalPayloadShare: total === 0 ? 0 : identical / total };
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
