/**
 * Recording: what the reader actually received, after every later stage had its say. A line that
 * became a marker never arrived, so recording it would license a false "already shown" (#465).
 */
import { lineKey, sha256Key, type Sha256Key } from "../base/handle.ts";
import { splitInclusive } from "../base/lines.ts";
import { isOmniMarkerLine } from "../base/markers.ts";
import { heldReadKey, type Folded } from "./fold.ts";
import type { LedgerContext, LedgerStore } from "./types.ts";

/**
 * `held` is a Read the reader now holds whole (delivered as it was, or with only its own lines
 * folded): remembered as such, so its byte-identical re-read becomes one marker.
 */
export function recordDelivered(
  store: LedgerStore,
  context: LedgerContext,
  delivered: string,
  folded: Folded | null,
  nowMs: number,
  hash: Sha256Key = sha256Key,
  held: string | null = null,
): void {
  const scopes = context.projectScope ? [context.readerScope, context.projectScope] : [context.readerScope];
  // Marker lines are OMNI's words, not content: they are never "shown" content themselves.
  // One pass, no per-line copies: the key trims the terminator away, so lines keep theirs.
  const keys = new Set<string>();
  for (const line of splitInclusive(delivered)) if (!isOmniMarkerLine(line)) keys.add(lineKey(line, hash));
  const readKey = held === null ? null : heldReadKey(context, held, hash);
  if (readKey) keys.add(readKey);
  store.record(scopes, [...keys], context.agentId, context.source, nowMs);
  if (!folded) return;
  store.touch(scopes, [...new Set(folded.foldedKeys)], nowMs);
  store.recordFolds(folded.rows, nowMs);
}
