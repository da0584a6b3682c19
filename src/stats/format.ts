/** Shared text helpers for the reports: byte figures, percentages, fixed-width columns. */
export { formatBytes } from "../core/markers.ts";

const REPORT_WIDTH_CHARS = 76;
export const KEY_WIDTH_CHARS = 18;
const BAR_WIDTH_CHARS = 12;

export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** Cut to `width` characters, marking the cut, so a long command cannot push a table past 80 columns. */
export function fit(text: string, width: number): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= width ? flat.padEnd(width) : `${flat.slice(0, width - 1)}…`;
}

export function bar(percent: number): string {
  const filled = Math.max(0, Math.min(BAR_WIDTH_CHARS, Math.round((percent / 100) * BAR_WIDTH_CHARS)));
  return "█".repeat(filled) + "·".repeat(BAR_WIDTH_CHARS - filled);
}

export function rule(): string {
  return "─".repeat(REPORT_WIDTH_CHARS);
}
