/**
 * THE aggregation. `omni stats` (every form), `--share`, `--card`, the dashboard and
 * every arm of `omni bench replay` all read `aggregateRuns`, so no two of them can disagree (an
 * earlier version computed the share card separately and it drifted). Pure: rows in, report out.
 */
import {
  baselineBytes,
  deliveredBytes,
  footerBytes,
  isModelFacing,
  isTerminal,
  netBeforeChargesBytes,
  percentOf,
  wasShortened,
} from "./accounting.ts";
import { commandFamily } from "../core/route.ts";
import { RECENT_RUNS, RERUN_MIN_SAMPLES, TERMINAL_AGENT, RERUN_SIZE_SKEW_LIMIT, RERUN_WINDOW_SECONDS } from "./limits.ts";
import { findReruns } from "./reruns.ts";
import type { RunRow, SessionCloseRow, StatsRows, StatsWindow } from "../store/rows.ts";
import type { StatsReport } from "./schema.ts";

interface Tally {
  calls: number;
  input_bytes: number;
  delivered_bytes: number;
}

type Figures = Tally & { bytes_saved: number; saved_percent: number };

export function aggregateRuns(rows: StatsRows, window: StatsWindow): StatsReport {
  const all = rows.runs.filter((row) => row.ts >= window.sinceTs && row.ts <= window.untilTs);
  const runs = all.filter(isModelFacing);
  const familyOf = memoised((command: string) => commandFamily(command));
  const reruns = findReruns(runs, familyOf);
  const retrievalCharges = chargeRetrievals(runs, rows);
  const charged = (row: RunRow) => (reruns.chargedBytes.get(row.id) ?? 0) + (retrievalCharges.byRun.get(row.id) ?? 0);

  const total = tally(runs);
  const baseline = sum(runs, baselineBytes);
  const footers = sum(runs, footerBytes);
  const rerunBytes = sum([...reruns.chargedBytes.values()], (n) => n);
  const net = sum(runs, netBeforeChargesBytes) - retrievalCharges.bytes - rerunBytes;
  const savedNothing = runs.filter((row) => deliveredBytes(row) >= row.inputBytes).length;
  const allInput = sum(all, (row) => row.inputBytes);

  return {
    schema_version: 1,
    window: { name: window.name, label: window.label, since_ts: window.sinceTs, until_ts: window.untilTs },
    population: {
      name: "model-facing",
      rows: runs.length,
      excluded_terminal_rows: all.filter(isTerminal).length,
      excluded_undelivered_rows: all.filter((row) => !isTerminal(row) && !isModelFacing(row)).length,
    },
    session_lifetime: sessionLifetime(rows.sessionCloses, all, window),
    totals: {
      ...figures(total),
      baseline_bytes: baseline,
      beyond_host_cap_bytes: total.input_bytes - baseline,
      footer_bytes: footers,
      retrieval_bytes: retrievalCharges.bytes,
      retrievals: retrievalCharges.count,
      rerun_bytes: rerunBytes,
      reruns: reruns.chargedCount,
      net_bytes_saved: net,
      net_saved_percent: percentOf(net, baseline),
      calls_saved_nothing: savedNothing,
      calls_saved_nothing_percent: percentOf(savedNothing, runs.length),
      calls_grew: runs.filter((row) => deliveredBytes(row) > row.inputBytes).length,
    },
    routes: groupBy(runs, (row) => row.route).map(([route, group]) => ({ route, ...figures(tally(group)) })),
    agents: groupBy(all, (row) => row.agentId).map(([agent, group]) => {
      const facing = group.filter(isModelFacing);
      return {
        agent_id: agent,
        model_facing: facing.length > 0,
        share_percent: percentOf(
          sum(group, (row) => row.inputBytes),
          allInput,
        ),
        ...figures(tally(facing.length > 0 ? facing : group)),
      };
    }),
    commands: sortBySaved(
      groupBy(runs, (row) => (row.tool && row.tool !== "Bash" ? row.tool : familyOf(row.command ?? ""))).map(([command, group]) => ({
        command,
        ...figures(tally(group)),
      })),
    ),
    distillers: groupBy(runs.filter(wasShortened), (row) => row.distiller ?? row.label)
      .map(([distiller, group]) => {
        const back = sum(group, charged);
        const net = sum(group, netBeforeChargesBytes) - back;
        return {
          distiller,
          calls: group.length,
          bytes_saved: sum(group, (row) => row.inputBytes - deliveredBytes(row)),
          charged_back_bytes: back,
          net_bytes_saved: net,
        };
      })
      .sort((a, b) => b.net_bytes_saved - a.net_bytes_saved || a.distiller.localeCompare(b.distiller)),
    passthrough_reasons: groupBy(
      runs.filter((row) => row.route === "passthrough"),
      (row) => row.reason ?? "unrecorded",
    ).map(([reason, group]) => ({ reason, calls: group.length, input_bytes: sum(group, (row) => row.inputBytes) })),
    context: groupBy(runs, (row) => row.tool ?? `omni ${row.entry}`).map(([source, group]) => ({
      source,
      calls: group.length,
      delivered_bytes: sum(group, deliveredBytes),
      share_percent: percentOf(sum(group, deliveredBytes), total.delivered_bytes),
    })),
    sessions: groupBy(
      runs.filter((row) => row.sessionId !== null),
      (row) => row.sessionId!,
    ).map(([session, group]) => ({ session_id: session, agent_id: group[0]!.agentId, ...figures(tally(group)) })),
    projects: groupBy(runs, (row) => row.projectPath ?? "(unknown)").map(([project, group]) => ({
      project_path: project,
      ...figures(tally(group)),
    })),
    timeline: timeline(runs, window, (row) => netBeforeChargesBytes(row) - charged(row)),
    rerun: rerunTable(runs, reruns.followed),
    recent: runs
      .slice(-RECENT_RUNS)
      .reverse()
      .map((row) => ({
        id: row.id,
        ts: row.ts,
        agent_id: row.agentId,
        command: row.command ?? "",
        route: row.route,
        input_bytes: row.inputBytes,
        delivered_bytes: deliveredBytes(row),
        handle: row.handle,
      })),
  };
}

/** Parsing a command line is the costly step, and a history repeats the same commands. */
function memoised(compute: (key: string) => string): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = compute(key)));
    return value;
  };
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += value(item);
  return total;
}

function tally(rows: readonly RunRow[]): Tally {
  return { calls: rows.length, input_bytes: sum(rows, (row) => row.inputBytes), delivered_bytes: sum(rows, deliveredBytes) };
}

function figures(t: Tally): Figures {
  const saved = t.input_bytes - t.delivered_bytes;
  return { ...t, bytes_saved: saved, saved_percent: percentOf(saved, t.input_bytes) };
}

/** Groups in descending input bytes (ties by key), so every table leads with what weighed most. */
function groupBy(rows: readonly RunRow[], key: (row: RunRow) => string): Array<[string, RunRow[]]> {
  const groups = new Map<string, { rows: RunRow[]; input: number }>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k) ?? { rows: [], input: 0 };
    if (group.rows.length === 0) groups.set(k, group);
    group.rows.push(row);
    group.input += row.inputBytes;
  }
  return [...groups].sort(([ka, a], [kb, b]) => b.input - a.input || ka.localeCompare(kb)).map(([k, group]) => [k, group.rows]);
}

function sortBySaved<T extends { command: string } & Figures>(items: T[]): T[] {
  return items.sort((a, b) => b.bytes_saved - a.bytes_saved || b.calls - a.calls || a.command.localeCompare(b.command));
}

/** Each pull is charged to the latest run, at or before it, that minted its handle. */
function chargeRetrievals(runs: readonly RunRow[], rows: StatsRows): { byRun: Map<number, number>; bytes: number; count: number } {
  const minted = new Map<string, RunRow[]>();
  for (const run of runs) {
    if (!run.handle) continue;
    const list = minted.get(run.handle);
    if (list) list.push(run);
    else minted.set(run.handle, [run]);
  }
  const byRun = new Map<number, number>();
  let bytes = 0;
  let count = 0;
  for (const pull of rows.retrievals) {
    // A pull printed to a person's terminal cost the model nothing.
    if (pull.agentId === TERMINAL_AGENT) continue;
    const origin = minted.get(pull.hash)?.findLast((run) => run.ts <= pull.ts);
    if (!origin) continue;
    byRun.set(origin.id, (byRun.get(origin.id) ?? 0) + pull.bytes);
    bytes += pull.bytes;
    count++;
  }
  return { byRun, bytes, count };
}

/** Commands per closed session: what the host counted, else the runs recorded under the session. */
function sessionLifetime(
  closes: readonly SessionCloseRow[],
  runs: readonly RunRow[],
  window: StatsWindow,
): StatsReport["session_lifetime"] {
  const inWindow = closes.filter((close) => close.endedAt >= window.sinceTs && close.endedAt <= window.untilTs);
  const perSession = new Map<string, number>();
  for (const row of runs) if (row.sessionId) perSession.set(row.sessionId, (perSession.get(row.sessionId) ?? 0) + 1);
  const lengths = inWindow.map((close) => close.totalCommands ?? perSession.get(close.sessionId) ?? 0).sort((a, b) => a - b);
  const middle = Math.floor(lengths.length / 2);
  const median = lengths.length === 0 ? null : lengths.length % 2 === 1 ? lengths[middle]! : (lengths[middle - 1]! + lengths[middle]!) / 2;
  return {
    measurable: lengths.length > 0,
    closed_sessions: lengths.length,
    median_commands: median,
    longest_commands: lengths.length === 0 ? null : lengths[lengths.length - 1]!,
    ended_at_compaction: inWindow.filter((close) => close.exitReason === "compaction").length,
  };
}

function bucketSeconds(window: StatsWindow): number {
  if (window.name === "hour") return 300;
  if (window.name === "day") return 3600;
  return 86_400;
}

/** Dense buckets aligned to UTC, so the chart's x axis is time and an idle day shows as zero. */
function timeline(runs: readonly RunRow[], window: StatsWindow, net: (row: RunRow) => number): StatsReport["timeline"] {
  const size = bucketSeconds(window);
  const first = Math.floor(window.sinceTs / size) * size;
  const buckets: StatsReport["timeline"]["buckets"] = [];
  for (let start = first; start <= window.untilTs; start += size)
    buckets.push({ start_ts: start, calls: 0, input_bytes: 0, delivered_bytes: 0, net_bytes_saved: 0 });
  for (const row of runs) {
    const bucket = buckets[Math.floor((row.ts - first) / size)];
    if (!bucket) continue;
    bucket.calls++;
    bucket.input_bytes += row.inputBytes;
    bucket.delivered_bytes += deliveredBytes(row);
    bucket.net_bytes_saved += net(row);
  }
  return { bucket_seconds: size, buckets };
}

/** Per distiller: re-run rate after its distillations against after raw deliveries of the same route. */
function rerunTable(runs: readonly RunRow[], followed: Set<number>): StatsReport["rerun"] {
  const arm = (group: RunRow[]) => {
    const reruns = group.filter((row) => followed.has(row.id)).length;
    return {
      calls: group.length,
      reruns,
      rate_percent: percentOf(reruns, group.length),
      mean_input_bytes: group.length === 0 ? 0 : Math.round(sum(group, (row) => row.inputBytes) / group.length),
    };
  };
  const distillers = groupBy(
    runs.filter((row) => row.distiller !== null),
    (row) => row.distiller!,
  ).map(([distiller, group]) => {
    const distilled = arm(group.filter(wasShortened));
    const raw = arm(group.filter((row) => !wasShortened(row)));
    const enough = distilled.calls >= RERUN_MIN_SAMPLES && raw.calls >= RERUN_MIN_SAMPLES;
    const [small, large] = [distilled.mean_input_bytes, raw.mean_input_bytes].sort((a, b) => a - b) as [number, number];
    const confound = small === 0 ? large > 0 : large / small > RERUN_SIZE_SKEW_LIMIT;
    return {
      distiller,
      distilled,
      raw,
      enough_samples: enough,
      confound,
      verdict: verdict(distilled.rate_percent, raw.rate_percent, enough, confound),
    };
  });
  return { window_seconds: RERUN_WINDOW_SECONDS, min_samples: RERUN_MIN_SAMPLES, size_skew_limit: RERUN_SIZE_SKEW_LIMIT, distillers };
}

function verdict(distilledRate: number, rawRate: number, enough: boolean, confound: boolean): string {
  if (!enough) return `too few samples (<${RERUN_MIN_SAMPLES}/arm)`;
  const delta = Math.round((distilledRate - rawRate) * 10) / 10;
  const reading = delta > 0 ? `costs re-runs (+${delta} points)` : `no extra re-runs (${delta} points)`;
  return confound ? `${reading}, confounded: arm sizes differ over ${RERUN_SIZE_SKEW_LIMIT}x` : reading;
}
