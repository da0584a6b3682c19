/**
 * Recording: what the reader actually received, after every later stage had its say. A line that
 * became a marker never arrived, so recording it would license a false "already shown" (#465).
 */
import { lineKey, sha256Key, type Sha256Key } from "../core/handle.ts";
import { splitInclusive } from "../core/lines.ts";
import { isOmniMarkerLine } from "../core/markers.ts";
import type { Folded } from "./fold.ts";
import type { LedgerContext, LedgerStore } from "./types.ts";

export function recordDelivered(store: LedgerStore, context: LedgerContext, delivered: string, folded: Folded | null, nowMs: number, hash: Sha256Key = sha256Key): void {
  const scopes = context.projectScope ? [context.readerScope, context.projectScope] : [context.readerScope];
  // Marker lines are OMNI's words, not content: they are never "shown" content themselves.
  // One pass, no per-line copies: the key trims the terminator away, so lines keep theirs.
  const keys = new Set<string>();
  for (const line of splitInclusive(delivered)) if (!isOmniMarkerLine(line)) keys.add(lineKey(line, hash));
  store.record(scopes, [...keys], context.agentId, context.source, nowMs);
  if (!folded) return;
  store.touch(scopes, [...new Set(folded.foldedKeys)], nowMs);
  store.recordFolds(folded.rows, nowMs);
}
