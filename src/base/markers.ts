/** Every marker string the agent can see. Hosts and agents parse these, so they are fixed. */
import { FOOTER_MIN_ELAPSED_MS, FOOTER_MIN_REDUCTION_PERCENT } from "./limits.ts";
import { byteLength, countLines } from "./lines.ts";

export function omittedMarker(lost: string, handle: string): string {
  return `\n[OMNI: ${lost} omitted, omni retrieve ${handle} for full output]\n`;
}

/** What the whole-output marker says a distilled form left out of `rawText`: lines, or bytes when it kept as many lines. */
export function lostDescription(rawText: string, output: string): string {
  const droppedLines = countLines(rawText) - countLines(output);
  if (droppedLines > 0) return `${droppedLines} lines`;
  return `${byteLength(rawText) - byteLength(output)} bytes`;
}

/** `about`: what the dropped lines name (`lines naming a.md 3, b.js 12; codes SC2086`), when they name anything. */
export function truncatedLinesMarker(kept: number, total: number, dropped: number, handle: string, about: string | null = null): string {
  const naming = about === null ? "" : ` (${about})`;
  return `[OMNI: output truncated, ${kept} of ${total} lines kept, ${dropped} dropped from the middle${naming}, omni retrieve ${handle}]\n`;
}

export function truncatedBytesMarker(kept: number, total: number, handle: string): string {
  return `\n[OMNI: output truncated, ${kept} of ${total} bytes kept, omni retrieve ${handle}]\n`;
}

export function enormousMarker(omittedLines: number): string {
  return `\n\n... [OMNI: ${omittedLines} lines omitted due to extreme length (>2MB)] ...\n\n`;
}

const ENORMOUS_MARKER = /\[OMNI: (\d+) lines omitted due to extreme length \(>2MB\)\]/g;

/** Once the whole input is archived, the pre-trim marker names its handle too: no omission goes without one. */
export function withEnormousHandle(text: string, handle: string): string {
  return text.replace(ENORMOUS_MARKER, (marker) => `${marker.slice(0, -1)}, omni retrieve ${handle}]`);
}

export type FoldOrigin = "session" | "project";

/** Ledger markers: four wordings, because "already shown" and "not shown here" are different claims. */
export function foldMarker(origin: FoldOrigin, wholeOutput: boolean, lines: number, handle: string, from = ""): string {
  const fromLabel = from ? ` from ${from}` : "";
  if (origin === "session") {
    return wholeOutput
      ? `[OMNI: identical to the ${lines} lines already shown${fromLabel}, omni retrieve ${handle}]`
      : `[OMNI: ${lines} lines already shown${fromLabel}, omni retrieve ${handle}]`;
  }
  return wholeOutput
    ? `[OMNI: identical to ${lines} lines from an earlier session${fromLabel}, none shown here, omni retrieve ${handle}]`
    : `[OMNI: ${lines} lines not shown here${fromLabel}, omni retrieve ${handle}]`;
}

/** True when a line is a marker OMNI printed (its own output must not be distilled twice). */
export function isOmniMarkerLine(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith("[OMNI:") || t.startsWith("[OMNI ");
}

/**
 * Does any line of `text` start (after whitespace) with a marker? One regex pass: splitting a
 * megabyte into lines to ask this cost a cold hook process more than the distillation.
 */
const MARKER_LINE = /(?:^|\n)\s*\[OMNI[: ]/;
export function hasOmniMarkerLine(text: string): boolean {
  return MARKER_LINE.test(text);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * What exec and pipe print on stderr after the output, which the reader reads too: the footer
 * line, its JSON form (`OMNI_OUTPUT_JSON`), or nothing (hooks, MCP, `OMNI_QUIET`).
 */
export type FooterMode = "text" | "json" | "none";

export interface FooterRun {
  route: string;
  handle: string | null;
  bytesIn: number;
  bytesOut: number;
  latencyMs: number;
}

/**
 * The exact stderr text of a run's footer, newline included, or null when none is printed: the
 * text line only for a real cut (over 10%) or a slow run (over 100 ms). exec prints this, and the
 * stats accounting charges its bytes, so the two cannot disagree.
 */
export function footerText(mode: FooterMode, run: FooterRun): string | null {
  if (mode === "none") return null;
  if (mode === "json") return `${JSON.stringify({ route: run.route, hash: run.handle, bytes_saved: run.bytesIn - run.bytesOut })}\n`;
  const reduction = run.bytesIn === 0 ? 0 : (100 * (run.bytesIn - run.bytesOut)) / run.bytesIn;
  if (!(reduction > FOOTER_MIN_REDUCTION_PERCENT || run.latencyMs > FOOTER_MIN_ELAPSED_MS)) return null;
  return `[OMNI Active] ⏺ ${reduction.toFixed(1)}% reduction (${formatBytes(run.bytesIn)} → ${formatBytes(run.bytesOut)}) ${Math.round(run.latencyMs)}ms\n`;
}

/** Heads an output in which secrets were masked, so the reader knows the values are not the real ones. */
export function redactionHeader(count: number): string {
  return `[OMNI: ${count} sensitive value(s) redacted]`;
}

/** Inside a distilled block: how many of one file's matches were left out. */
export function moreMatchesMarker(count: number): string {
  return `  ... [${count} more matches in this file]`;
}
