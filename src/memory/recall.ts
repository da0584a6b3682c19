/**
 * Ranked recall across stored knowledge, engrams, session events and distillation history,
 * scoped to the project (plus global facts). FTS5 BM25 with the porter stemmer ranks each
 * source; sources are merged on BM25 with a small weight favouring what a person stored.
 */
import type { Db } from "../store/db.ts";
import { ENGRAM_DETAIL_SEPARATOR, searchEngrams } from "../store/engrams.ts";
import { recordRecallHits } from "../store/feedback.ts";
import { recentRuns } from "../store/runs.ts";
import { countKnowledgeHit, searchKnowledge } from "../store/knowledge.ts";
import { searchEvents } from "../store/session-events.ts";
import { GLOBAL_SCOPE } from "../base/project-hash.ts";
import type { MemoryScope } from "./scope.ts";

export type RecallSource = "knowledge" | "engram" | "event" | "history";

export interface RecallHit {
  source: RecallSource;
  /** The row it came from: a knowledge key, an engram or run id. */
  key: string;
  text: string;
  /** Higher is better. */
  score: number;
  ts: number;
}

const WEIGHT: Record<RecallSource, number> = { knowledge: 1.2, engram: 1.0, event: 0.8, history: 0.5 };

/** Ranked hits, best first; what was returned is logged in retrieval_feedback. */
export function recall(db: Db, query: string, scope: MemoryScope, limit: number, nowSecs: number): RecallHit[] {
  const hits: RecallHit[] = [];
  for (const row of searchKnowledge(db, query, [scope.hash, GLOBAL_SCOPE], limit)) {
    countKnowledgeHit(db, row.id);
    hits.push({
      source: "knowledge",
      key: row.key,
      text: `[${row.category}] ${row.value}`,
      score: -row.rank * WEIGHT.knowledge,
      ts: row.lastUpdated,
    });
  }
  for (const row of searchEngrams(db, query, scope.hash, limit))
    hits.push({
      source: "engram",
      key: String(row.id),
      text: `${row.label}${row.detail ? ` — ${row.detail.replaceAll(ENGRAM_DETAIL_SEPARATOR, " | ")}` : ""}`,
      score: -row.rank * WEIGHT.engram,
      ts: row.ts,
    });
  for (const row of searchEvents(db, query, scope.hash, limit))
    hits.push({
      source: "event",
      key: `${row.sessionId ?? ""}@${row.ts}`,
      text: `${row.eventType}: ${row.content}`,
      score: -row.rank * WEIGHT.event,
      ts: row.ts,
    });
  // Distillation history has no text index: a command naming a query word is a weak hit.
  const words = (query.toLowerCase().match(/[\p{L}\p{N}_.-]+/gu) ?? []).filter((word) => word.length > 2).slice(0, 5);
  for (const word of words) {
    for (const run of recentRuns(db, { projectPath: scope.path, commandLike: `%${word.replace(/[\\%_]/g, "\\$&")}%`, limit: 3 })) {
      hits.push({
        source: "history",
        key: String(run.id),
        text: `ran \`${run.command}\` (exit ${run.exitCode ?? "?"}, ${run.inputBytes} B → ${run.outputBytes} B)`,
        score: WEIGHT.history * 1e-6,
        ts: run.ts,
      });
    }
  }
  const seen = new Set<string>();
  const ranked = hits
    .sort((a, b) => b.score - a.score || b.ts - a.ts)
    .filter((hit) => !seen.has(hit.text) && seen.add(hit.text))
    .slice(0, limit);
  recordRecallHits(db, query, ranked, scope.hash, nowSecs);
  return ranked;
}
