/**
 * The repetition ceiling: bytes of a call's raw output that are lines its reader was already
 * shown (the raw bytes of its earlier calls, no omni at all; blank lines never count), and how
 * many of those bytes an arm's ledger folded behind an "already shown" marker. Per class, because
 * a file re-read and a re-run test are different bets. Fed one call at a time, in order.
 */
import { lineKey } from "../base/handle.ts";
import { byteLength, splitInclusive, stripTerminator } from "../base/lines.ts";
import { bucketOf, type CallClass } from "./classify.ts";
import type { CorpusCall } from "./corpus.ts";

export interface CeilingRow {
  callClass: CallClass;
  calls: number;
  bytesIn: number;
  /** Bytes of lines the same reader was already shown. */
  ceilingBytes: number;
  /** Of those, the bytes behind an "already shown" marker in what the arm delivered. */
  foldedBytes: number;
  /** Of those, the bytes not delivered again at all: folded, or dropped by a distiller. */
  spentBytes: number;
}

const SESSION_FOLD = /^\[OMNI: (?:identical to the )?\d+ lines already shown(?: from .*?)?, omni retrieve ([0-9a-f]{16})\]$/;

export function createCeilingMeter(resolve: (handle: string) => string | null) {
  const seen = new Map<string, Set<string>>();
  const rows = new Map<CallClass, CeilingRow>();

  function observe(call: CorpusCall, delivered: string): void {
    const reader = call.scope ?? "";
    const shown = seen.get(reader) ?? seen.set(reader, new Set()).get(reader)!;
    const callClass = bucketOf(call.tool, call.command).callClass;
    const row =
      rows.get(callClass) ??
      rows.set(callClass, { callClass, calls: 0, bytesIn: 0, ceilingBytes: 0, foldedBytes: 0, spentBytes: 0 }).get(callClass)!;
    row.calls++;
    row.bytesIn += byteLength(call.text);
    // A call the host cut at its cap and omni declined reached the reader as the host's short
    // preview: none of its lines were shown, and omni had nothing to fold.
    if (call.declined) return;
    const repeated = new Set<string>();
    const keys: string[] = [];
    const deliveredLines = splitInclusive(delivered);
    const deliveredKeys = new Set(deliveredLines.map((line) => lineKey(line)));
    for (const line of splitInclusive(call.text)) {
      const key = lineKey(line);
      keys.push(key);
      if (line.trim() === "" || !shown.has(key)) continue;
      row.ceilingBytes += byteLength(line);
      if (!deliveredKeys.has(key)) row.spentBytes += byteLength(line);
      repeated.add(key);
    }
    for (const line of deliveredLines) {
      const handle = SESSION_FOLD.exec(stripTerminator(line))?.[1];
      const content = handle ? resolve(handle) : null;
      if (content === null) continue;
      for (const folded of splitInclusive(content))
        if (folded.trim() !== "" && repeated.has(lineKey(folded))) row.foldedBytes += byteLength(folded);
    }
    for (const key of keys) shown.add(key);
  }

  return { observe, rows: () => [...rows.values()] };
}

/** Every class together. */
export function ceilingTotal(rows: readonly CeilingRow[]): Omit<CeilingRow, "callClass"> {
  const sum = { calls: 0, bytesIn: 0, ceilingBytes: 0, foldedBytes: 0, spentBytes: 0 };
  for (const row of rows) {
    sum.calls += row.calls;
    sum.bytesIn += row.bytesIn;
    sum.ceilingBytes += row.ceilingBytes;
    sum.foldedBytes += row.foldedBytes;
    sum.spentBytes += row.spentBytes;
  }
  return sum;
}
