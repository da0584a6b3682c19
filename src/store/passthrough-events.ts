/** `passthrough_events`: each run handed back raw, with its reason (recordRun writes them). */
import type { Db } from "./db.ts";

/** Reasons by bytes handed back raw, since a time. */
export function passthroughReasons(db: Db, sinceTs: number, limit: number): { reason: string; count: number; bytes: number }[] {
  return db
    .query(
      "SELECT reason, COUNT(*) AS count, SUM(bytes) AS bytes FROM passthrough_events WHERE ts >= ?1 GROUP BY reason ORDER BY SUM(bytes) DESC LIMIT ?2",
    )
    .all(sinceTs, limit) as { reason: string; count: number; bytes: number }[];
}
