/**
 * The noise finder: lines that recur across many recent outputs. Advisory only, and it never
 * proposes structure: YAML keys like `metadata:`/`spec:`, code fences, the `[stderr]` channel
 * marker and any failure line are what the reader needs, however often they repeat.
 */
import { carriesFailure } from "../base/failure.ts";
import type { TraceText } from "../store/traces.ts";

const STRUCTURE = [
  /^\s*[A-Za-z_][\w-]*:\s*$/,
  /^\s*(metadata|spec|status|kind|apiVersion):/,
  /^\s*(```|~~~)/,
  /^\s*\[stderr\]/,
  /^\s*[{}[\],]+\s*$/,
];
const MIN_OUTPUTS = 3;
const MIN_LINE_CHARS = 8;

export interface NoiseSuggestion {
  line: string;
  outputs: number;
  occurrences: number;
}

function isStructure(line: string): boolean {
  return STRUCTURE.some((pattern) => pattern.test(line)) || carriesFailure(line);
}

export function findNoise(traces: TraceText[], limit: number): NoiseSuggestion[] {
  const stats = new Map<string, { outputs: number; occurrences: number }>();
  for (const trace of traces) {
    const seenHere = new Set<string>();
    for (const raw of trace.raw.split("\n")) {
      const line = raw.trim();
      if (line.length < MIN_LINE_CHARS || isStructure(raw)) continue;
      const entry = stats.get(line) ?? { outputs: 0, occurrences: 0 };
      entry.occurrences++;
      if (!seenHere.has(line)) entry.outputs++;
      seenHere.add(line);
      stats.set(line, entry);
    }
  }
  return [...stats.entries()]
    .filter(([, entry]) => entry.outputs >= MIN_OUTPUTS)
    .sort((a, b) => b[1].occurrences - a[1].occurrences)
    .slice(0, limit)
    .map(([line, entry]) => ({ line, ...entry }));
}
