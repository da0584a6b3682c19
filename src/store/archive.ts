/** The archive (`rewind_store`): content-addressed blocks that handles resolve to. */
import { TERMINAL_AGENT_ID } from "../core/agent-id.ts";
import type { Db } from "./db.ts";

export interface ArchivedBlock {
  hash: string;
  content: string;
  ts: number;
  originalLen: number;
  retrieved: number;
}

/** Upsert a block; a repeat refreshes its timestamp so live content does not age out. */
export function putBlock(db: Db, hash: string, content: string, originalLen: number, ts: number): void {
  db.query(
    `INSERT INTO rewind_store (hash, content, ts, original_len) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT(hash) DO UPDATE SET ts = excluded.ts, original_len = MAX(original_len, excluded.original_len)`,
  ).run(hash, content, ts, originalLen);
}

export function getBlock(db: Db, hash: string): ArchivedBlock | null {
  const row = db.query("SELECT hash, content, ts, original_len, retrieved FROM rewind_store WHERE hash = ?1").get(hash) as
    | { hash: string; content: string; ts: number; original_len: number; retrieved: number }
    | null;
  return row ? { hash: row.hash, content: row.content, ts: row.ts, originalLen: row.original_len, retrieved: row.retrieved } : null;
}

/**
 * A pull: counted, and owed one unfolded delivery (the reader just proved it lacks these bytes).
 * A person's pull at a terminal proves nothing about what the model holds: counted, not owed.
 */
export function markRetrieved(db: Db, hash: string, ts: number, agentId: string, commandPrefix: string | null): void {
  const owed = agentId === TERMINAL_AGENT_ID ? 0 : 1;
  db.transaction(() => {
    db.query("UPDATE rewind_store SET retrieved = retrieved + 1, owed = owed + ?2 WHERE hash = ?1").run(hash, owed);
    db.query("INSERT INTO retrieve_events (command_prefix, hash, ts, agent_id) VALUES (?1, ?2, ?3, ?4)").run(commandPrefix, hash, ts, agentId);
  })();
}

/** Consume one owed delivery; true when the block must be delivered unfolded this once. */
export function takeOwedDelivery(db: Db, hash: string): boolean {
  return db.query("UPDATE rewind_store SET owed = owed - 1 WHERE hash = ?1 AND owed > 0").run(hash).changes > 0;
}
