/**
 * The archive (`rewind_store`): content-addressed blocks that handles resolve to. A block is
 * stored packed with ARCHIVE_CODEC (zstd: `bench/archive-codecs.ts` measured it the fastest and
 * smallest of Bun's codecs on real tool output); rows an older build wrote as plain text still read.
 */
import { TERMINAL_AGENT_ID } from "../base/agent-id.ts";
import { byteLength } from "../base/lines.ts";
import { CODECS, isCodecName, type CodecName } from "./codec.ts";
import type { Db } from "./db.ts";

export const ARCHIVE_CODEC: CodecName = "zstd";

export interface ArchivedBlock {
  hash: string;
  content: string;
  ts: number;
  originalLen: number;
  retrieved: number;
}

/**
 * Upsert a block; a repeat refreshes its timestamp so live content does not age out. The repeat
 * is checked first: packing megabytes that are already stored would only cost the hook time.
 */
export function putBlock(db: Db, hash: string, content: string, originalLen: number, ts: number): void {
  const refreshed = db
    .query("UPDATE rewind_store SET ts = ?2, original_len = MAX(original_len, ?3) WHERE hash = ?1")
    .run(hash, ts, originalLen).changes;
  if (refreshed > 0) return;
  const packed = CODECS[ARCHIVE_CODEC].pack(Buffer.from(content, "utf8"));
  db.query(
    `INSERT INTO rewind_store (hash, content, ts, original_len, codec, packed, bytes) VALUES (?1, '', ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT(hash) DO UPDATE SET ts = excluded.ts, original_len = MAX(original_len, excluded.original_len)`,
  ).run(hash, ts, originalLen, ARCHIVE_CODEC, packed, byteLength(content));
}

interface BlockRow {
  hash: string;
  content: string;
  ts: number;
  original_len: number;
  retrieved: number;
  codec: string;
  packed: Uint8Array | null;
}

export function getBlock(db: Db, hash: string): ArchivedBlock | null {
  const row = db
    .query("SELECT hash, content, ts, original_len, retrieved, codec, packed FROM rewind_store WHERE hash = ?1")
    .get(hash) as BlockRow | null;
  if (!row) return null;
  return { hash: row.hash, content: unpackContent(row), ts: row.ts, originalLen: row.original_len, retrieved: row.retrieved };
}

function unpackContent(row: BlockRow): string {
  if (row.packed === null || row.codec === "plain") return row.content;
  if (!isCodecName(row.codec))
    throw new Error(`archived block ${row.hash} uses codec ${row.codec}, which this build cannot read; update omni`);
  return CODECS[row.codec].unpack(row.packed).toString("utf8");
}

/** Stored bytes (packed size) of the whole archive: what the total budget counts. */
export function archiveStoredBytes(db: Db): number {
  return (
    db.query("SELECT COALESCE(SUM(COALESCE(length(packed), 0) + length(CAST(content AS BLOB))), 0) AS n FROM rewind_store").get() as {
      n: number;
    }
  ).n;
}

/**
 * A pull: counted, and owed one unfolded delivery (the reader just proved it lacks these bytes).
 * A person's pull at a terminal proves nothing about what the model holds: counted, not owed.
 */
export function markRetrieved(db: Db, hash: string, ts: number, agentId: string, commandPrefix: string | null): void {
  const owed = agentId === TERMINAL_AGENT_ID ? 0 : 1;
  db.transaction(() => {
    db.query("UPDATE rewind_store SET retrieved = retrieved + 1, owed = owed + ?2 WHERE hash = ?1").run(hash, owed);
    db.query("INSERT INTO retrieve_events (command_prefix, hash, ts, agent_id) VALUES (?1, ?2, ?3, ?4)").run(
      commandPrefix,
      hash,
      ts,
      agentId,
    );
  })();
}

/** Consume one owed delivery; true when the block must be delivered unfolded this once. */
export function takeOwedDelivery(db: Db, hash: string): boolean {
  return db.query("UPDATE rewind_store SET owed = owed - 1 WHERE hash = ?1 AND owed > 0").run(hash).changes > 0;
}
