/** `retrieval_feedback`: what recall returned for which query, so ranking can be judged later. */
import type { Db } from "./db.ts";

export function recordRecallHits(db: Db, query: string, hits: { source: string; key: string }[], projectHash: string, ts: number): void {
  const insert = db.query(
    "INSERT INTO retrieval_feedback (query, hit_source, hit_key, project_hash, command_ctx, ts) VALUES (?1, ?2, ?3, ?4, NULL, ?5)",
  );
  db.transaction(() => {
    for (const hit of hits) insert.run(query, hit.source, hit.key, projectHash, ts);
  })();
}
