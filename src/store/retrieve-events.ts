/** `retrieve_events`: each pull of an archived block (markRetrieved writes them, in the archive's transaction). */
import type { Db } from "./db.ts";

/** Pulls since a time. */
export function retrieveCount(db: Db, sinceTs: number): number {
  return (db.query("SELECT COUNT(*) AS n FROM retrieve_events WHERE ts >= ?1").get(sinceTs) as { n: number }).n;
}
