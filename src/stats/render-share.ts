/** `omni stats --share`: a copy-paste summary. `--card` draws these exact lines. */
import { formatBytes, formatPercent } from "./format.ts";
import type { StatsReport } from "./schema.ts";

export function shareLines(report: StatsReport): string[] {
  const t = report.totals;
  const life = report.session_lifetime;
  const agents = report.agents.filter((agent) => agent.model_facing).map((agent) => agent.agent_id);
  return [
    `omni · ${report.window.label} · ${t.calls} model-facing calls (${agents.length > 0 ? agents.join(", ") : "no agent yet"})`,
    life.measurable
      ? `Session lifetime: median ${life.median_commands} commands, longest ${life.longest_commands} (${life.closed_sessions} closed, ${life.ended_at_compaction} at compaction)`
      : "Session lifetime: not measurable yet",
    `Bytes: ${formatBytes(t.input_bytes)} in → ${formatBytes(t.delivered_bytes)} delivered`,
    `Saved: ${formatPercent(t.saved_percent)} gross, ${formatPercent(t.net_saved_percent)} net of host caps, footers, retrievals and re-runs`,
    `Calls that saved nothing: ${t.calls_saved_nothing} of ${t.calls} (${formatPercent(t.calls_saved_nothing_percent)})`,
    `Terminal rows excluded: ${report.population.excluded_terminal_rows}. Counted bytes from my own omni database.`,
  ];
}

export function renderShare(report: StatsReport): string {
  return `${shareLines(report).join("\n")}\n`;
}
