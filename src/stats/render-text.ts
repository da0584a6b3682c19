/** The `omni stats` text report. Every figure comes from the aggregate; nothing is computed here. */
import type { Paint } from "./color.ts";
import { bar, fit, fitDistinct, formatBytes, formatPercent, KEY_WIDTH_CHARS, rule } from "./format.ts";
import { TOP_COMMANDS, TOP_SESSIONS } from "./limits.ts";
import type { StatsReport } from "./schema.ts";

export interface TextOptions {
  detail: boolean;
  allCommands: boolean;
  project: boolean;
  paint: Paint;
}

type Section = string[];

export function renderReport(report: StatsReport, options: TextOptions): string {
  const { paint } = options;
  const sections: Section[] = [
    header(report, paint),
    lifetime(report, paint),
    measured(report, paint),
    routes(report, paint),
    agents(report, paint),
  ];
  sections.push(commands(report, options));
  if (options.detail) sections.push(distillers(report, paint), sessions(report, options));
  if (options.project) sections.push(projects(report, paint));
  sections.push(passthrough(report, paint), context(report, paint));
  return `${sections
    .filter((section) => section.length > 0)
    .map((section) => section.join("\n"))
    .join("\n\n")}\n`;
}

export function renderContextOnly(report: StatsReport, paint: Paint): string {
  return `${[...header(report, paint), "", ...context(report, paint)].join("\n")}\n`;
}

export function renderRerun(report: StatsReport, paint: Paint): string {
  const { rerun } = report;
  const lines = [
    ...header(report, paint),
    "",
    paint.bold("Re-runs after a distillation"),
    `  same command family re-run within ${rerun.window_seconds} s by the same reader; ${rerun.min_samples}+ runs per arm`,
  ];
  if (rerun.distillers.length === 0) return `${[...lines, "  no routed runs in this window"].join("\n")}\n`;
  lines.push(`  ${fit("distiller", 12)} ${"distilled".padStart(16)} ${"raw".padStart(16)}  verdict`);
  for (const row of rerun.distillers) {
    const arm = (a: typeof row.distilled) => `${a.reruns}/${a.calls} ${formatPercent(a.rate_percent)}`.padStart(16);
    lines.push(`  ${fit(row.distiller, 12)} ${arm(row.distilled)} ${arm(row.raw)}  ${row.verdict}`);
  }
  return `${lines.map((line) => (line.length > 80 ? `${line.slice(0, 79)}…` : line)).join("\n")}\n`;
}

function header(report: StatsReport, paint: Paint): Section {
  const p = report.population;
  const excluded = `${p.excluded_terminal_rows} terminal rows excluded${p.excluded_undelivered_rows > 0 ? `, ${p.excluded_undelivered_rows} undelivered` : ""}`;
  return [
    paint.bold(`OMNI Signal Report · ${report.window.label}`),
    paint.dim(`population: model-facing, ${p.rows} rows (${excluded})`),
    rule(),
  ];
}

function lifetime(report: StatsReport, paint: Paint): Section {
  const life = report.session_lifetime;
  if (!life.measurable) return [paint.bold("Session lifetime"), "  not measurable yet: no host has closed a session in this window"];
  return [
    paint.bold("Session lifetime"),
    `  median ${life.median_commands} commands · longest ${life.longest_commands} · ${life.closed_sessions} sessions closed, ${life.ended_at_compaction} at compaction`,
  ];
}

function measured(report: StatsReport, paint: Paint): Section {
  const t = report.totals;
  const line = (label: string, value: string) => `  ${label.padEnd(22)}${value}`;
  const net = t.net_bytes_saved < 0 ? paint.red : paint.green;
  return [
    paint.bold("Measured (counted bytes)"),
    line("in → delivered", `${formatBytes(t.input_bytes)} → ${formatBytes(t.delivered_bytes)} over ${t.calls} calls`),
    line(
      "saved, gross | net",
      `${signedBytes(t.bytes_saved)} (${formatPercent(t.saved_percent)}) | ${net(`${signedBytes(t.net_bytes_saved)} (${formatPercent(t.net_saved_percent)})`)}`,
    ),
    line("  beyond host cap", `${formatBytes(t.beyond_host_cap_bytes)} (the host would have cut it anyway)`),
    line("  footers read", formatBytes(t.footer_bytes)),
    line("  retrievals charged", `${formatBytes(t.retrieval_bytes)} (${t.retrievals} pulls)`),
    line("  re-runs charged", `${formatBytes(t.rerun_bytes)} (${t.reruns} re-runs within ${report.rerun.window_seconds} s)`),
    line("calls saved nothing", `${t.calls_saved_nothing} of ${t.calls} (${formatPercent(t.calls_saved_nothing_percent)})`),
    line("calls that grew", String(t.calls_grew)),
  ];
}

function signedBytes(bytes: number): string {
  return bytes < 0 ? `-${formatBytes(-bytes)}` : formatBytes(bytes);
}

/** key, calls, in → out, saved %, bar: 18 + 7 + 22 + 8 + 12 + gaps < 80. */
function figuresRow(
  key: string,
  row: { calls: number; input_bytes: number; delivered_bytes: number; saved_percent: number },
  fitted = false,
): string {
  const flow = `${formatBytes(row.input_bytes)} → ${formatBytes(row.delivered_bytes)}`;
  return `  ${fitted ? key : fit(key, KEY_WIDTH_CHARS)} ${String(row.calls).padStart(6)} ${flow.padStart(21)} ${formatPercent(row.saved_percent).padStart(7)} ${bar(row.saved_percent)}`;
}

function tableHeader(title: string, key: string, paint: Paint): Section {
  return [
    paint.bold(title),
    paint.dim(`  ${fit(key, KEY_WIDTH_CHARS)} ${"calls".padStart(6)} ${"in → delivered".padStart(21)} ${"saved".padStart(7)}`),
  ];
}

function routes(report: StatsReport, paint: Paint): Section {
  if (report.routes.length === 0) return [];
  return [...tableHeader("Route Distribution", "route", paint), ...report.routes.map((row) => figuresRow(row.route, row))];
}

function agents(report: StatsReport, paint: Paint): Section {
  if (report.agents.length === 0) return [paint.bold("Agent Distribution"), "  no rows in this window"];
  return [
    ...tableHeader("Agent Distribution", "agent (share)", paint),
    ...report.agents.map((row) => {
      const key = `${row.agent_id} ${formatPercent(row.share_percent)}`;
      return row.model_facing
        ? figuresRow(key, row)
        : paint.dim(`  ${fit(key, KEY_WIDTH_CHARS)} ${String(row.calls).padStart(6)}  excluded: no model read these`);
    }),
  ];
}

function commands(report: StatsReport, options: TextOptions): Section {
  const shown = options.allCommands ? report.commands : report.commands.slice(0, TOP_COMMANDS);
  if (shown.length === 0) return [];
  const title = options.allCommands ? "By Command" : `Top Commands (${shown.length} of ${report.commands.length})`;
  return [...tableHeader(title, "command", options.paint), ...shown.map((row) => figuresRow(row.command, row))];
}

function distillers(report: StatsReport, paint: Paint): Section {
  if (report.distillers.length === 0) return [];
  return [
    paint.bold("By Distiller (net of what it cost)"),
    paint.dim(
      `  ${fit("distiller", KEY_WIDTH_CHARS)} ${"calls".padStart(6)} ${"gross".padStart(10)} ${"charged".padStart(10)} ${"net".padStart(10)}`,
    ),
    ...report.distillers.map(
      (row) =>
        `  ${fit(row.distiller, KEY_WIDTH_CHARS)} ${String(row.calls).padStart(6)} ${signedBytes(row.bytes_saved).padStart(10)} ${formatBytes(row.charged_back_bytes).padStart(10)} ${signedBytes(row.net_bytes_saved).padStart(10)}`,
    ),
  ];
}

function sessions(report: StatsReport, options: TextOptions): Section {
  if (report.sessions.length === 0) return [];
  const shown = options.allCommands ? report.sessions : report.sessions.slice(0, TOP_SESSIONS);
  const more = report.sessions.length - shown.length;
  const keys = fitDistinct(
    shown.map((row) => row.session_id),
    KEY_WIDTH_CHARS,
  );
  return [
    ...tableHeader("By Session", "session", options.paint),
    ...shown.map((row, i) => figuresRow(keys[i]!, row, true)),
    ...(more > 0 ? [options.paint.dim(`  … ${more} more (--all-commands lists every one)`)] : []),
  ];
}

function projects(report: StatsReport, paint: Paint): Section {
  if (report.projects.length === 0) return [];
  // Paths are long and their tail is what tells them apart.
  return [
    ...tableHeader("By Project", "project (tail)", paint),
    ...report.projects.map((row) => figuresRow(tail(row.project_path, KEY_WIDTH_CHARS), row)),
  ];
}

function tail(text: string, width: number): string {
  return text.length <= width ? text : `…${text.slice(text.length - width + 1)}`;
}

function passthrough(report: StatsReport, paint: Paint): Section {
  if (report.passthrough_reasons.length === 0) return [];
  return [
    paint.bold("Passthrough reasons"),
    ...report.passthrough_reasons.map(
      (row) => `  ${fit(row.reason, 40)} ${String(row.calls).padStart(6)} calls ${formatBytes(row.input_bytes).padStart(10)}`,
    ),
  ];
}

function context(report: StatsReport, paint: Paint): Section {
  if (report.context.length === 0) return [paint.bold("Context Breakdown"), "  nothing delivered in this window"];
  return [
    paint.bold("Context Breakdown (delivered bytes by source, counted)"),
    ...report.context.map(
      (row) =>
        `  ${fit(row.source, KEY_WIDTH_CHARS)} ${String(row.calls).padStart(6)} calls ${formatBytes(row.delivered_bytes).padStart(10)} ${formatPercent(row.share_percent).padStart(7)} ${bar(row.share_percent)}`,
    ),
  ];
}
