/**
 * Turns one replay into the numbers the report prints. Each arm's headline, routes and commands
 * are `aggregateRuns` (what `omni stats` computes) over that arm's own run rows; the tables only
 * the bench has (class, shell shape, session) group the same rows, in the same population.
 */
import { measureReach, type ReachReport } from "./reach.ts";
import { handleFor, lineKey } from "../base/handle.ts";
import { byteLength, splitInclusive } from "../base/lines.ts";
import { deliveredBytes, isModelFacing, percentOf } from "../stats/accounting.ts";
import { aggregateRuns } from "../stats/aggregate.ts";
import type { RunRow } from "../store/rows.ts";
import type { StatsReport } from "../stats/schema.ts";
import { spanWindow } from "../stats/window.ts";
import type { CeilingRow } from "./ceiling.ts";
import { bucketOf, CLASSES, SHAPES } from "./classify.ts";
import type { Corpus } from "./corpus.ts";
import type { ArmAudit, ArmResult } from "./replay.ts";

/** The parts of an `omni stats --json` report the replay prints, field for field. */
export type StatsFigures = Pick<
  StatsReport,
  "window" | "population" | "totals" | "routes" | "commands" | "distillers" | "passthrough_reasons"
>;

export interface GroupRow {
  key: string;
  calls: number;
  bytesIn: number;
  /** Bytes delivered, per arm id. */
  bytesOut: Record<string, number>;
}

export interface ArmSummary {
  id: string;
  /** Where the rows come from: the arm's own database, or (raw, a bare peer) what it delivered. */
  rows: "recorded" | "built from deliveries";
  stats: StatsFigures;
  /** Measured from the replies; the report says if the rows ever disagree with it. */
  delivered: ArmResult["delivered"];
  audit: ArmAudit | null;
  invalidReplies: number;
  seconds: number;
  /** The repetition ceiling per class and what this arm's ledger folded of it; null for arms not ours. */
  ceiling: CeilingRow[] | null;
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
    /** With --from-db: what `omni stats` reports for the rows being replayed, before any replay. */
    source: StatsFigures | null;
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
  topSessions: GroupRow[];
  /** How many of the corpus's shell calls the pre-hook gateway sends through omni exec. */
  reach: ReachReport;
  /** Every audit violation over our arms, plus invalid replies; non-zero fails the run. */
  failures: number;
}

const TOP = 15;

/** What the replay prints of a stats report; the one aggregation computed every figure in it. */
export function statsFigures(report: StatsReport): StatsFigures {
  const { window, population, totals, routes, commands, distillers, passthrough_reasons } = report;
  return { window, population, totals, routes, commands, distillers, passthrough_reasons };
}

export function aggregate(corpus: Corpus, results: ArmResult[]): ReplayReport {
  const arms = results.map(summarizeArm);
  const failures = arms.reduce(
    (sum, arm) => sum + (arm.audit ? Object.values(arm.audit.counts).reduce((a, b) => a + b, 0) + arm.invalidReplies : 0),
    0,
  );
  const timestamps = corpus.calls.flatMap((call) => (call.tsSec === null ? [] : [call.tsSec]));
  const facing = results.map((result) => ({ id: result.arm.id, rows: result.rows.runs.filter(isModelFacing) }));
  const bucket = memoBuckets();
  return {
    corpus: {
      population: corpus.population,
      calls: corpus.calls.length,
      bytes: corpus.calls.reduce((sum, call) => sum + byteLength(call.text), 0),
      sessions: new Set(corpus.calls.map((call) => call.sessionId)).size,
      window: timestamps.length ? { fromSec: Math.min(...timestamps), toSec: Math.max(...timestamps) } : null,
      agentIds: countBy(corpus.calls.map((call) => call.agentId)),
      excluded: corpus.excluded,
      source: corpus.source,
    },
    arms,
    repetition: repetition(corpus),
    byClass: group(facing, (row) => bucket(row).callClass, CLASSES),
    byShape: group(facing, (row) => bucket(row).shape, SHAPES),
    topCommands: commandsAcross(arms).slice(0, TOP),
    topSessions: group(facing, (row) => row.sessionId ?? "(no session)")
      .sort((a, b) => b.bytesIn - a.bytesIn || a.key.localeCompare(b.key))
      .slice(0, TOP),
    reach: measureReach(
      corpus.calls.filter((call) => call.tool === "Bash").map((call) => ({ command: call.command, failed: call.failed })),
    ),
    failures,
  };
}

function summarizeArm(result: ArmResult): ArmSummary {
  // Rows are in time order, so the window from the first to the last covers every one of them.
  const runs = result.rows.runs;
  const window = spanWindow(runs[0]?.ts ?? 0, runs.at(-1)?.ts ?? 0, `replay arm ${result.arm.id}`);
  return {
    id: result.arm.id,
    rows: result.recorded ? "recorded" : "built from deliveries",
    stats: statsFigures(aggregateRuns(result.rows, window)),
    delivered: result.delivered,
    audit: result.audit,
    invalidReplies: result.invalidReplies,
    ceiling: result.ceiling && CLASSES.flatMap((callClass) => result.ceiling!.filter((row) => row.callClass === callClass)),
    seconds: result.seconds,
  };
}

/** Route buckets cost a command parse each, and a corpus repeats its commands. */
function memoBuckets(): (row: RunRow) => ReturnType<typeof bucketOf> {
  const cache = new Map<string, ReturnType<typeof bucketOf>>();
  return (row) => {
    const tool = row.tool ?? "Bash";
    const command = row.command ?? "";
    const key = `${tool}\u0000${command}`;
    return cache.get(key) ?? cache.set(key, bucketOf(tool, command)).get(key)!;
  };
}

/** One row per key; calls and bytes in from the first arm (raw), bytes delivered per arm. */
function group(arms: Array<{ id: string; rows: RunRow[] }>, keyOf: (row: RunRow) => string, order?: readonly string[]): GroupRow[] {
  const rows = new Map<string, GroupRow>();
  const rowFor = (key: string) => rows.get(key) ?? rows.set(key, { key, calls: 0, bytesIn: 0, bytesOut: {} }).get(key)!;
  for (const key of order ?? []) rowFor(key);
  arms.forEach((arm, index) => {
    for (const run of arm.rows) {
      const row = rowFor(keyOf(run));
      if (index === 0) {
        row.calls++;
        row.bytesIn += run.inputBytes;
      }
      row.bytesOut[arm.id] = (row.bytesOut[arm.id] ?? 0) + deliveredBytes(run);
    }
  });
  return [...rows.values()].filter((row) => row.calls > 0);
}

/** The stats report's own per-command figures, side by side per arm, heaviest input first. */
function commandsAcross(arms: ArmSummary[]): GroupRow[] {
  const [first] = arms;
  if (!first) return [];
  const delivered = arms.map((arm) => ({ id: arm.id, byCommand: new Map(arm.stats.commands.map((c) => [c.command, c.delivered_bytes])) }));
  return first.stats.commands
    .map((command) => ({
      key: command.command,
      calls: command.calls,
      bytesIn: command.input_bytes,
      bytesOut: Object.fromEntries(
        delivered.flatMap((arm) => (arm.byCommand.has(command.command) ? [[arm.id, arm.byCommand.get(command.command)!]] : [])),
      ),
    }))
    .sort((a, b) => b.bytesIn - a.bytesIn || a.key.localeCompare(b.key));
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

/** Percent saved of `bytesIn`, one decimal: the stats report's own rounding. */
export function percentSaved(bytesIn: number, bytesOut: number): number {
  return percentOf(bytesIn - bytesOut, bytesIn);
}
