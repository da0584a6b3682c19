/**
 * The store-backed half of folding: look the payload's lines up in the reader's scope, archive each run
 * the planner chose (archive first, marker second), honour a pending retrieve, render.
 */
import { lineKey, sha256Key, type Sha256Key } from "../base/handle.ts";
import { byteLength, splitInclusive } from "../base/lines.ts";
import { planFolds, renderFolds, sourceLabel, type DecidedRun, type Sighting } from "./plan.ts";
import { sessionOf, type FoldRow, type LedgerContext, type LedgerStore, type SeenLine } from "./types.ts";
import { MIN_LEDGER_INPUT_BYTES } from "../base/limits.ts";

/** Archives a block and returns its handle, or null when it was not stored. */
export type ArchiveBlock = (content: string, wholeBytes: number) => string | null;

export interface Folded {
  text: string;
  lineShift: number;
  /** Keys of the lines the reader did not receive this time (refreshed, never recorded as delivered). */
  foldedKeys: string[];
  rows: FoldRow[];
}

export function foldRepeats(
  view: string,
  context: LedgerContext,
  store: LedgerStore,
  archive: ArchiveBlock,
  hash: Sha256Key = sha256Key,
): Folded | null {
  const payloadBytes = byteLength(view);
  if (payloadBytes < MIN_LEDGER_INPUT_BYTES) return null;
  const lines = splitInclusive(view);
  const keys = lines.map((line) => lineKey(line, hash));
  const unique = [...new Set(keys)];
  const readKey = heldReadKey(context, view, hash);
  const inSession = store.seen(context.readerScope, readKey ? [...unique, readKey] : unique);
  // This reader holds this very Read (same file, same content): one marker, whatever was read since.
  const identical = readKey !== null && inSession.has(readKey);
  // Only this reader's own receipts fold. Lines another reader of the project was shown are
  // delivered: measured on the replay corpus, every "not shown here" fold was a file window, a
  // listing or a search the reader had just asked for (bench/README.md, "Project scope").
  const sightings = keys.map((key): Sighting | null => {
    if (identical) return { origin: "session", from: "" };
    const session = inSession.get(key);
    return session ? { origin: "session", from: labelFor(session, context) } : null;
  });

  const decided: DecidedRun[] = [];
  // A byte-identical re-read, or a source file's lines, state no failure of their own.
  for (const run of planFolds(lines, sightings, context.window, !identical && !context.code)) {
    const handle = archive(run.body, payloadBytes);
    // Not stored means no marker; just pulled back means delivered whole, this once.
    if (handle === null || store.takeOwedDelivery(handle)) continue;
    decided.push({ ...run, handle });
  }
  const rendered = renderFolds(lines, decided, context.window);
  if (!rendered) return null;
  const foldedKeys = rendered.folded.flatMap((run) => keys.slice(run.start, run.end));
  const rows = foldRows(rendered.folded, lines, keys, inSession, context, payloadBytes);
  return { text: rendered.text, lineShift: rendered.lineShift, foldedKeys, rows };
}

/**
 * The key that says "this reader holds this whole Read": the file and its exact content. Stored
 * among the reader's line receipts, so compaction forgets it with them. Null for anything else.
 */
export function heldReadKey(context: LedgerContext, view: string, hash: Sha256Key = sha256Key): string | null {
  return context.window && context.source !== "" ? hash(`\u0000read\u0000${context.source}\u0000${view}`) : null;
}

function labelFor(seen: SeenLine, context: LedgerContext): string {
  return seen.source && seen.source !== context.source ? sourceLabel(seen.source) : "";
}

/** One row per (origin, agent that was first delivered the lines). */
function foldRows(
  runs: readonly DecidedRun[],
  lines: readonly string[],
  keys: readonly string[],
  inSession: Map<string, SeenLine>,
  context: LedgerContext,
  payloadBytes: number,
): FoldRow[] {
  const rows = new Map<string, FoldRow>();
  for (const run of runs) {
    for (let i = run.start; i < run.end; i++) {
      const seen = inSession.get(keys[i]!);
      const sourceAgent = seen?.agentId ?? null;
      const id = `${run.origin}\u0000${sourceAgent ?? ""}`;
      const row = rows.get(id) ?? {
        scope: context.projectScope ?? context.readerScope,
        session: sessionOf(context.readerScope),
        agentId: context.agentId,
        sourceAgent,
        origin: run.origin,
        lines: 0,
        bytes: 0,
        wholeOutput: run.wholeOutput,
        payloadBytes,
      };
      row.lines++;
      row.bytes += byteLength(lines[i]!);
      rows.set(id, row);
    }
  }
  return [...rows.values()];
}
