/** Shared text helpers for the reports: byte figures, percentages, fixed-width columns. */
export { formatBytes } from "../base/markers.ts";

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

/**
 * Keys cut to `width` so that no two print alike (session ids often share a long prefix): a cut
 * keeps the head and the shortest tail that tells them apart. Ids that differ only in the middle
 * are printed whole, wider than the table, rather than as look-alikes.
 */
export function fitDistinct(keys: readonly string[], width: number): string[] {
  const flat = keys.map((key) => key.replace(/\s+/g, " "));
  const distinct = (cut: string[]) => new Set(cut).size === new Set(flat).size;
  const plain = flat.map((key) => fit(key, width));
  if (distinct(plain)) return plain;
  for (let tail = 4; tail <= width - 3; tail++) {
    const cut = flat.map((key) => (key.length <= width ? key.padEnd(width) : `${key.slice(0, width - 1 - tail)}…${key.slice(-tail)}`));
    if (distinct(cut)) return cut;
  }
  return flat.map((key) => key.padEnd(width));
}

export function bar(percent: number): string {
  const filled = Math.max(0, Math.min(BAR_WIDTH_CHARS, Math.round((percent / 100) * BAR_WIDTH_CHARS)));
  return "█".repeat(filled) + "·".repeat(BAR_WIDTH_CHARS - filled);
}

export function rule(): string {
  return "─".repeat(REPORT_WIDTH_CHARS);
}
