/** `loop_memory`: facts a loop carries across iterations, keyed by the loop's goal hash, each with its own ttl. */
import type { Db } from "./db.ts";

export interface LoopFact {
  key: string;
  value: string;
  confidence: number;
  timesConfirmed: number;
  lastSeen: number;
}

/** Writing a fact again confirms it: its confidence rises toward 1. */
export function putLoopFact(db: Db, loopHash: string, key: string, value: string, ts: number): void {
  db.query(
    `INSERT INTO loop_memory (loop_goal_hash, key, value, first_seen, last_seen) VALUES (?1, ?2, ?3, ?4, ?4)
     ON CONFLICT(loop_goal_hash, key) DO UPDATE SET value = excluded.value, last_seen = excluded.last_seen,
       times_confirmed = times_confirmed + 1, confidence = MIN(1.0, confidence + 0.1)`,
  ).run(loopHash, key, value, ts);
}

export function listLoopFacts(db: Db, loopHash: string, key: string | null): LoopFact[] {
  const rows = db
    .query(
      "SELECT key, value, confidence, times_confirmed, last_seen FROM loop_memory WHERE loop_goal_hash = ?1 AND (?2 IS NULL OR key = ?2) ORDER BY last_seen DESC LIMIT 50",
    )
    .all(loopHash, key) as { key: string; value: string; confidence: number; times_confirmed: number; last_seen: number }[];
  return rows.map((row) => ({
    key: row.key,
    value: row.value,
    confidence: row.confidence,
    timesConfirmed: row.times_confirmed,
    lastSeen: row.last_seen,
  }));
}
