/**
 * What one run cost and saved, counted against what the model would really have received: the
 * bytes a host would have cut anyway are not ours to claim, markers are inside delivered_bytes,
 * and a footer the reader also read is a cost.
 */
import { HOST_OUTPUT_CAP_CHARS } from "../base/limits.ts";
import { byteLength } from "../base/lines.ts";
import { footerText } from "../base/markers.ts";
import type { RunRow } from "../store/rows.ts";
import { TERMINAL_AGENT } from "./limits.ts";

/** Per host and tool, the most a reader is shown without omni (Claude Code cuts Bash stdout at 30,000). */
const HOST_CAP_BYTES: Record<string, Record<string, number>> = {
  claude_code: { Bash: HOST_OUTPUT_CAP_CHARS },
};

export function isTerminal(row: RunRow): boolean {
  return row.agentId === TERMINAL_AGENT;
}

/** Legacy rows carry -1 ("not recorded"): what the pipeline output is then the best count. */
export function deliveredBytes(row: RunRow): number {
  return row.deliveredBytes < 0 ? row.outputBytes : row.deliveredBytes;
}

/** A row reached a model: not TTY output, and something was delivered. */
export function isModelFacing(row: RunRow): boolean {
  return !isTerminal(row) && deliveredBytes(row) > 0;
}

export function baselineBytes(row: RunRow): number {
  const cap = row.tool ? HOST_CAP_BYTES[row.agentId]?.[row.tool] : undefined;
  return cap === undefined ? row.inputBytes : Math.min(row.inputBytes, cap);
}

/**
 * What the model really read. A replaced output is what omni delivered; a passthrough leaves
 * the host its own bytes, and the host then applies its own cap as it would without omni.
 */
function modelReadBytes(row: RunRow): number {
  return wasShortened(row) ? deliveredBytes(row) : Math.min(deliveredBytes(row), baselineBytes(row));
}

/** Net saving of one run before charge-backs: negative when what it delivered outgrew the baseline. */
export function netBeforeChargesBytes(row: RunRow): number {
  return baselineBytes(row) - modelReadBytes(row) - footerBytes(row);
}

/** The footer the run printed on stderr: the very text exec wrote, rebuilt from the row. */
export function footerBytes(row: RunRow): number {
  const mode = row.footer ?? (row.entry === "exec" || row.entry === "pipe" ? "text" : "none");
  const text = footerText(mode, {
    route: row.route,
    handle: row.handle,
    bytesIn: row.inputBytes,
    bytesOut: deliveredBytes(row),
    latencyMs: row.latencyMs,
  });
  return text === null ? 0 : byteLength(text);
}

/** The run handed the reader something other than the raw bytes (a distillation, a collapse, or omni's cut under the host's view). */
export function wasShortened(row: RunRow): boolean {
  return row.route === "distilled" || row.route === "collapsed" || row.route === "cut";
}

export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;
}
