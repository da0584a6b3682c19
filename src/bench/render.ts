/** Plain-text tables for `omni bench replay` and `omni bench latency`: one run, every figure. */
import { formatBytes } from "../base/markers.ts";
import { RULES } from "./audit.ts";
import { percentSaved, type GroupRow, type ReplayReport, type StatsFigures } from "./aggregate.ts";
import { ceilingTotal, type CeilingRow } from "./ceiling.ts";
import type { LatencyCase, LatencyReport } from "./latency.ts";

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const pct = (value: number) => `${value.toFixed(1)}%`;
const share = (value: number) => pct(100 * value);
const iso = (sec: number) => new Date(sec * 1000).toISOString().replace("T", " ").slice(0, 19);

function groupTable(title: string, rows: GroupRow[], armIds: string[]): string {
  const header = [title, "calls", "bytes in", ...armIds.filter((id) => id !== "raw")];
  const body = rows.map((row) => [
    row.key,
    String(row.calls),
    formatBytes(row.bytesIn),
    ...armIds.filter((id) => id !== "raw").map((id) => pct(percentSaved(row.bytesIn, row.bytesOut[id] ?? row.bytesIn))),
  ]);
  return table(header, body);
}

const num = (value: number) => value.toLocaleString("en-US");

/** One headline row: gross and net saved side by side, both from the stats aggregation. */
function headlineRow(name: string, stats: StatsFigures, seconds: string): string[] {
  const t = stats.totals;
  return [
    name,
    String(t.calls),
    num(t.input_bytes),
    num(t.delivered_bytes),
    pct(t.saved_percent),
    pct(t.net_saved_percent),
    String(t.calls_saved_nothing),
    String(t.calls_grew),
    seconds,
  ];
}

export function renderReplay(report: ReplayReport): string {
  const { corpus } = report;
  const armIds = report.arms.map((arm) => arm.id);
  const audited = report.arms.filter((arm) => arm.audit !== null);
  const excluded = Object.entries(corpus.excluded).map(([reason, n]) => `${n} ${reason}`);
  const out: string[] = [];
  out.push("Corpus");
  out.push(`  source:     ${corpus.population}`);
  out.push(`  calls:      ${corpus.calls} in ${corpus.sessions} sessions, ${num(corpus.bytes)} bytes`);
  out.push(
    `  window:     ${corpus.window ? `${iso(corpus.window.fromSec)} to ${iso(corpus.window.toSec)} UTC` : "not recorded (payloads carry no timestamp)"}`,
  );
  out.push(
    `  agent ids:  ${
      Object.entries(corpus.agentIds)
        .map(([id, n]) => `${id} ${n}`)
        .join(", ") || "none"
    }`,
  );
  out.push(`  excluded:   ${excluded.length ? excluded.join("; ") : "nothing"}`);
  out.push("");
  out.push(
    "Headline: omni stats over each arm's own run rows (model-facing; saved = gross, net = after host caps, footers, retrievals, re-runs)",
  );
  const header = ["arm", "calls", "bytes in", "delivered", "saved", "net saved", "saved nothing", "grew", "seconds"];
  const rows = report.arms.map((arm) => headlineRow(arm.id, arm.stats, arm.seconds.toFixed(1)));
  if (corpus.source) rows.unshift(headlineRow("(source db)", corpus.source, "-"));
  out.push(table(header, rows));
  for (const arm of report.arms) {
    const t = arm.stats.totals;
    if (arm.rows !== "recorded") out.push(`  ${arm.id}: runs none of omni's stages; its rows are built from what it delivered`);
    if (t.input_bytes !== arm.delivered.inputBytes || t.delivered_bytes !== arm.delivered.deliveredBytes) {
      out.push(
        `  ${arm.id}: the replies carried ${num(arm.delivered.inputBytes)} → ${num(arm.delivered.deliveredBytes)} bytes, not what its rows say`,
      );
    }
  }
  if (corpus.source)
    out.push(
      `  (source db): what omni stats reports for every row of that database (${corpus.source.population.rows} model-facing rows), before the replay`,
    );
  out.push("");
  out.push("Ledger folds by scope (markers, bytes behind them; unverified: folds in a reply the audit could not align with its input)");
  out.push(
    table(
      ["arm", "session", "session bytes", "project", "project bytes", "unverified"],
      audited.map((arm) => {
        const t = arm.audit!.totals;
        return [
          arm.id,
          String(t.sessionMarkers),
          formatBytes(t.foldedBytes.session),
          String(t.projectMarkers),
          formatBytes(t.foldedBytes.project),
          String(t.unverified),
        ];
      }),
    ),
  );
  out.push(
    `Repetition: ${share(report.repetition.repeatedLineShare)} of raw bytes are lines the same reader was already shown; ${share(report.repetition.identicalPayloadShare)} are payloads byte-identical to an earlier one.`,
  );
  out.push("");
  out.push(...ceilingLines(report));
  out.push("");
  out.push("By class (% saved per arm)");
  out.push(groupTable("class", report.byClass, armIds));
  out.push("");
  out.push("By shell shape (% saved per arm)");
  out.push(groupTable("shape", report.byShape, armIds));
  out.push("");
  out.push(`Top ${report.topCommands.length} commands by input bytes (% saved per arm, omni stats' command families)`);
  out.push(groupTable("command", report.topCommands, armIds));
  out.push("");
  out.push(`Top ${report.topSessions.length} sessions by input bytes (% saved per arm)`);
  out.push(groupTable("session", report.topSessions, armIds));
  out.push("");
  out.push(...renderReach(report.reach));
  out.push("");
  out.push("Audit (every count must be 0)");
  out.push(
    table(
      ["arm", ...RULES, "invalid replies"],
      audited.map((arm) => [arm.id, ...RULES.map((rule) => String(arm.audit!.counts[rule])), String(arm.invalidReplies)]),
    ),
  );
  for (const arm of audited) for (const finding of arm.audit!.findings) out.push(`  ${arm.id}: ${finding}`);
  out.push(report.failures === 0 ? "Audit clean." : `Audit FAILED: ${report.failures} finding(s).`);
  return `${out.join("\n")}\n`;
}

/**
 * The repetition ceiling per class, the share of it each ledger arm folded behind "already shown",
 * and the share not delivered again at all (folded, or dropped by a distiller).
 */
function ceilingLines(report: ReplayReport): string[] {
  const arms = report.arms.filter((arm) => arm.ceiling !== null && arm.id.endsWith("ledger"));
  const [first] = arms;
  if (!first) return [];
  const pick = (rows: CeilingRow[], callClass: string | null) =>
    ceilingTotal(callClass === null ? rows : rows.filter((row) => row.callClass === callClass));
  const shareOf = (part: number, whole: number) => (whole === 0 ? "-" : pct((100 * part) / whole));
  const row = (name: string, callClass: string | null) => {
    const total = pick(first.ceiling!, callClass);
    const perArm = arms.flatMap((arm) => {
      const t = pick(arm.ceiling!, callClass);
      return [shareOf(t.foldedBytes, t.ceilingBytes), shareOf(t.spentBytes, t.ceilingBytes)];
    });
    return [
      name,
      String(total.calls),
      formatBytes(total.bytesIn),
      formatBytes(total.ceilingBytes),
      shareOf(total.ceilingBytes, total.bytesIn),
      ...perArm,
    ];
  };
  return [
    "Repetition ceiling by class (bytes that are lines the same reader was already shown): the share folded as already shown, and the share not delivered again at all (folded or distilled away)",
    table(
      ["class", "calls", "bytes in", "ceiling", "of bytes", ...arms.flatMap((arm) => [`${arm.id} folded`, `${arm.id} not again`])],
      [...first.ceiling!.map((r) => row(r.callClass, r.callClass)), row("all", null)],
    ),
  ];
}

export function renderLatency(report: LatencyReport): string {
  const out: string[] = [];
  out.push(
    `Latency: median of ${report.runs} whole-process runs after ${report.warmup} warm-up rounds, every case interleaved in each round`,
  );
  out.push(`large database: ${formatBytes(report.largeDbBytes)}`);
  out.push("");
  out.push(
    table(
      ["case", "database", "median ms", "× floor", "cpu ms", "cpu × floor"],
      report.cases.map((item) => [
        item.name,
        item.db ?? "-",
        item.medianMs.toFixed(1),
        item.ratioToFloor.toFixed(2),
        item.medianCpuMs.toFixed(1),
        item.cpuRatioToFloor.toFixed(2),
      ]),
    ),
  );
  out.push("");
  out.push(
    table(
      ["payload", "large DB ÷ fresh DB"],
      report.largeOverFresh.map((item) => [item.payload, item.ratio.toFixed(2)]),
    ),
  );
  out.push("");
  const memory = report.memory;
  out.push(
    memory
      ? `Peak RSS, post-hook Read: ${memory.smallLines} lines ${formatBytes(memory.smallRssBytes)}, ${memory.largeLines.toLocaleString("en-US")} lines ${formatBytes(memory.largeRssBytes)} (${(memory.largeRssBytes / memory.smallRssBytes).toFixed(2)}×)`
      : "Peak RSS: not measured (needs GNU time at /usr/bin/time)",
  );
  const fresh = report.cases.filter((item) => item.db === "fresh");
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  const ratios = (item: LatencyCase) =>
    `${item.name.replace("post-hook ", "")} ${item.ratioToFloor.toFixed(2)}× wall, ${item.cpuRatioToFloor.toFixed(2)}× cpu`;
  out.push(
    `Target, post-hook on a small Bash payload, fresh DB, ≤ 3× the floor: ${verdict(report.targets.freshWithin3xFloor)} (${fresh.slice(0, 1).map(ratios).join("")})`,
  );
  if (fresh.length > 1) out.push(`  larger payloads, no target: ${fresh.slice(1).map(ratios).join("; ")}`);
  out.push(`Target, ~200 MB DB ≤ 1.3× fresh: ${verdict(report.targets.largeWithin1_3xFresh)}`);
  return `${out.join("\n")}\n`;
}

/** The gateway's reach over the corpus's shell calls, with every failing test or build run it missed. */
function renderReach(reach: ReplayReport["reach"]): string[] {
  const share = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((part * 100) / whole).toFixed(1)}%`);
  const out = ["Reach: shell calls the pre-hook sends through omni exec (no permission rules, default mode)"];
  out.push(`  rewritten:  ${reach.rewritten} of ${reach.shellCalls} shell calls (${share(reach.rewritten, reach.shellCalls)})`);
  out.push(
    `  failing test and build runs rewritten: ${reach.failingTestOrBuildRewritten} of ${reach.failingTestOrBuild} (${share(reach.failingTestOrBuildRewritten, reach.failingTestOrBuild)})`,
  );
  out.push("  left alone, by reason:");
  for (const { reason, calls } of reach.leftAlone.slice(0, 12)) out.push(`    ${String(calls).padStart(5)}  ${reason}`);
  if (reach.leftAlone.length > 12)
    out.push(
      `    ${String(reach.leftAlone.slice(12).reduce((sum, row) => sum + row.calls, 0)).padStart(5)}  (${reach.leftAlone.length - 12} other reasons)`,
    );
  if (reach.missed.length > 0) out.push("  failing test and build runs left alone:");
  for (const { command, reason } of reach.missed) out.push(`    ${command.replace(/\s+/g, " ").slice(0, 90)}  (${reason})`);
  return out;
}
