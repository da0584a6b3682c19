/**
 * The dashboard's HTML, rendered on the server from the same report `omni stats --json` prints.
 * Every database string goes through escapeHtml; the chart reads the report from an inert
 * JSON block, and the page runs no inline script (the CSP forbids it).
 */
import { formatBytes } from "../base/markers.ts";
import { formatPercent } from "../stats/format.ts";
import type { StatsReport } from "../stats/schema.ts";
import type { TraceView } from "../store/traces.ts";
import { embedJson, escapeHtml as e } from "./html.ts";

const TOP_COMMANDS_SHOWN = 10;
const TOP_REASONS_SHOWN = 8;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<link rel="stylesheet" href="/assets/uPlot.min.css"><link rel="stylesheet" href="/assets/dashboard.css">
</head><body>${body}</body></html>`;
}

function table(headers: string[], rows: string[][], id: string): string {
  if (rows.length === 0) return `<p class="empty" id="${id}">nothing in this window</p>`;
  const head = headers.map((h) => `<th>${e(h)}</th>`).join("");
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`).join("");
  return `<table id="${id}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function figure(name: string, label: string, value: string): string {
  return `<div class="figure"><span class="label">${e(label)}</span><span class="value" data-figure="${name}">${e(value)}</span></div>`;
}

export function renderDashboard(report: StatsReport): string {
  const t = report.totals;
  const life = report.session_lifetime;
  const p = report.population;
  const lifetime = life.measurable
    ? `<p id="lifetime">median <b data-figure="median_commands">${life.median_commands}</b> commands · longest <b>${life.longest_commands}</b> · ${life.closed_sessions} sessions closed, ${life.ended_at_compaction} at compaction</p>`
    : `<p id="lifetime">not measurable yet: no host has closed a session in this window</p>`;
  const commands = report.commands.filter((row) => row.saved_percent > 0).slice(0, TOP_COMMANDS_SHOWN);
  const body = `
<header><h1>omni · ${e(report.window.label)}</h1>
<p class="population" id="population">population: model-facing, ${p.rows} rows (${p.excluded_terminal_rows} terminal rows excluded: TTY output no model read)</p></header>
<section><h2>Session lifetime</h2>${lifetime}</section>
<section><h2>Measured, in counted bytes</h2><div class="figures">
${figure("calls", "calls", String(t.calls))}
${figure("input_bytes", "in", formatBytes(t.input_bytes))}
${figure("delivered_bytes", "delivered", formatBytes(t.delivered_bytes))}
${figure("saved_percent", "saved, gross", formatPercent(t.saved_percent))}
${figure("net_saved_percent", "saved, net", formatPercent(t.net_saved_percent))}
${figure("calls_saved_nothing_percent", "calls that saved nothing", formatPercent(t.calls_saved_nothing_percent))}
</div></section>
<section><h2>Savings over time</h2><div id="savings-chart"></div></section>
<section><h2>By agent</h2>${table(
    ["agent", "share", "calls", "in", "delivered", "saved"],
    report.agents.map((row) => [
      e(row.agent_id) + (row.model_facing ? "" : " <small>(excluded: no model read these)</small>"),
      formatPercent(row.share_percent),
      String(row.calls),
      formatBytes(row.input_bytes),
      formatBytes(row.delivered_bytes),
      formatPercent(row.saved_percent),
    ]),
    "agents",
  )}</section>
<section><h2>Top commands</h2>${table(
    ["command", "calls", "in", "delivered", "saved"],
    commands.map((row) => [
      `<code>${e(row.command)}</code>`,
      String(row.calls),
      formatBytes(row.input_bytes),
      formatBytes(row.delivered_bytes),
      formatPercent(row.saved_percent),
    ]),
    "commands",
  )}</section>
<section><h2>Passthrough reasons</h2>${table(
    ["reason", "calls", "bytes"],
    report.passthrough_reasons.slice(0, TOP_REASONS_SHOWN).map((row) => [e(row.reason), String(row.calls), formatBytes(row.input_bytes)]),
    "reasons",
  )}</section>
<section><h2>Recent runs</h2>${table(
    ["when (UTC)", "agent", "command", "route", "in → delivered", ""],
    report.recent.map((row) => [
      new Date(row.ts * 1000).toISOString().slice(0, 19).replace("T", " "),
      e(row.agent_id),
      `<code>${e(row.command)}</code>`,
      e(row.route),
      `${formatBytes(row.input_bytes)} → ${formatBytes(row.delivered_bytes)}`,
      `<a href="/run/${row.id}">raw vs delivered</a>`,
    ]),
    "recent",
  )}</section>
<script type="application/json" id="report-data">${embedJson(report)}</script>
<script src="/assets/uPlot.iife.min.js"></script><script src="/assets/app.js"></script>`;
  return layout(`omni dashboard · ${report.window.label}`, body);
}

export function renderRun(trace: TraceView): string {
  const raw = Buffer.byteLength(trace.raw, "utf8");
  const delivered = Buffer.byteLength(trace.delivered, "utf8");
  const saved = raw === 0 ? 0 : (100 * (raw - delivered)) / raw;
  const body = `
<header><h1>raw vs delivered</h1><p><a href="/">back</a></p>
<p><code>${e(trace.command ?? "(none)")}</code> · ${e(trace.agentId)} · ${formatBytes(raw)} → ${formatBytes(delivered)} (${saved.toFixed(1)}% saved) · handle ${e(trace.handle ?? "none")}</p></header>
<div class="side-by-side"><section><h2>raw</h2><pre id="raw">${e(trace.raw)}</pre></section><section><h2>delivered</h2><pre id="delivered">${e(trace.delivered)}</pre></section></div>`;
  return layout("omni · raw vs delivered", body);
}

export const DASHBOARD_CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1000px;padding:16px 24px;background:#0d1117;color:#c9d1d9}
h1{font-size:22px;margin:8px 0}h2{font-size:16px;margin:24px 0 8px;color:#e6edf3}
a{color:#58a6ff}code,pre{font-family:ui-monospace,Menlo,monospace}
.population{color:#8b949e}.figures{display:flex;flex-wrap:wrap;gap:12px}
.figure{background:#161b22;border:1px solid #30363d;border-radius:8px;padding:8px 12px;min-width:120px}
.figure .label{display:block;color:#8b949e;font-size:12px}.figure .value{font-size:20px;color:#e6edf3}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #21262d;vertical-align:top}
td code{word-break:break-all}.empty{color:#8b949e}
.side-by-side{display:grid;grid-template-columns:1fr 1fr;gap:12px}
pre{background:#161b22;border:1px solid #30363d;padding:8px;overflow:auto;max-height:70vh;white-space:pre-wrap;word-break:break-all}
.uplot{color:#c9d1d9}
`;
