/** Archived blocks read straight from SQL and unpacked here, without the store's code. */
import type { Database } from "bun:sqlite";

interface PackedRow {
  hash: string;
  content: string;
  codec: string;
  packed: Uint8Array | null;
}

function unpack(row: PackedRow): string {
  if (row.codec === "plain" || row.packed === null) return row.content;
  if (row.codec !== "zstd") throw new Error(`test helper cannot read codec ${row.codec}`);
  return Buffer.from(Bun.zstdDecompressSync(row.packed as Uint8Array<ArrayBuffer>)).toString("utf8");
}

export function allBlocks(db: Database): Array<{ hash: string; content: string }> {
  return (db.query("SELECT hash, content, codec, packed FROM rewind_store").all() as PackedRow[]).map((row) => ({
    hash: row.hash,
    content: unpack(row),
  }));
}

export function blockContent(db: Database, hash: string): string | null {
  const row = db.query("SELECT hash, content, codec, packed FROM rewind_store WHERE hash = ?1").get(hash) as PackedRow | null;
  return row ? unpack(row) : null;
}
