/**
 * The one SQLite driver module: opens the file owner-only, in WAL mode with a busy timeout,
 * and brings the schema up to date. Everything else talks to tables through src/store/<table>.ts.
 */
import { Database, SQLiteError } from "bun:sqlite";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./schema.ts";

export type Db = Database;

export interface OpenOptions {
  /** How long a write waits for another process's lock before giving up. */
  busyTimeoutMs?: number;
  readonly?: boolean;
}

/**
 * How long a write waits for another process's lock by default. SQLite's busy handler retries
 * with backoff for up to this long; a run that gives up loses its accounting row, so hooks pass
 * their whole deadline instead (16 concurrent hooks creating a fresh database queue behind the
 * first one's migrations). The hook's watchdog still bounds the whole process.
 */
export const DEFAULT_BUSY_TIMEOUT_MS = 1_000;

export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (!options.readonly) ensureOwnerOnlyFile(path);
  const db = new Database(path, options.readonly ? { readonly: true } : { create: true, readwrite: true });
  const busyTimeoutMs = Math.max(0, Math.floor(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS));
  try {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    if (!options.readonly) {
      enableWal(db, busyTimeoutMs);
      db.exec("PRAGMA synchronous = NORMAL");
      migrate(db);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Switching a database to WAL needs an exclusive lock, and SQLite answers "database is locked" at
 * once instead of calling the busy handler: hooks racing to create a fresh database lost their
 * run that way. So the switch waits here, with backoff, as long as any other lock would.
 */
function enableWal(db: Db, busyTimeoutMs: number): void {
  const deadline = performance.now() + busyTimeoutMs;
  for (let pauseMs = 2; ; pauseMs = Math.min(pauseMs * 2, 50)) {
    try {
      if ((db.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode !== "wal") db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (error) {
      if (!(error instanceof SQLiteError && error.code?.startsWith("SQLITE_BUSY")) || performance.now() + pauseMs > deadline) throw error;
      Bun.sleepSync(pauseMs);
    }
  }
}

function ensureOwnerOnlyFile(path: string): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existsSync(path)) {
    closeSync(openSync(path, "a", 0o600));
    chmodSync(path, 0o600);
  }
}

function migrate(db: Db): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const applied = (db.query("SELECT COALESCE(MAX(id), 0) AS id FROM schema_migrations").get() as { id: number }).id;
  if (applied >= MIGRATIONS.length) return;
  // IMMEDIATE: two processes racing to migrate a new file must not both run migration 1.
  db.transaction(() => {
    const current = (db.query("SELECT COALESCE(MAX(id), 0) AS id FROM schema_migrations").get() as { id: number }).id;
    for (let id = current + 1; id <= MIGRATIONS.length; id++) {
      db.exec(MIGRATIONS[id - 1]!);
      db.query("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)").run(id, Math.floor(Date.now() / 1000));
    }
  }).immediate();
}

export function schemaVersion(db: Db): number {
  return (db.query("SELECT COALESCE(MAX(id), 0) AS id FROM schema_migrations").get() as { id: number }).id;
}
