/**
 * The one SQLite driver module: opens the file owner-only, in WAL mode with a busy timeout,
 * and brings the schema up to date. Everything else talks to tables through src/store/<table>.ts.
 */
import { Database, SQLiteError, constants } from "bun:sqlite";
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareForWriting, refuseSymlinks } from "./db-files.ts";
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
  if (options.readonly) refuseSymlinks(path);
  else prepareForWriting(path);
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

/**
 * For commands that only read (retrieve, stats, dashboard, diff): never writes, never creates,
 * and works without write access to the file or its directory (another user's database, a
 * read-only mount, a full disk). In order: no file yet reads as an empty database in memory; a
 * plain read-only open when SQLite can take its shared-memory lock; an immutable open when there
 * is no write-ahead log to miss; else a private copy of the database and its log, brought up to
 * date and read from memory.
 */
export function openReadOnly(path: string): Db {
  refuseSymlinks(path);
  if (!existsSync(path)) {
    const empty = new Database(":memory:");
    migrate(empty);
    return empty;
  }
  const attempts: Array<() => Db> = [() => new Database(path, { readonly: true })];
  if (!hasLog(path))
    attempts.push(() => new Database(`file:${uriPath(path)}?immutable=1`, constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI));
  for (const attempt of attempts) {
    let db: Db | null = null;
    try {
      db = attempt();
      if (schemaVersion(db) === MIGRATIONS.length) return db;
    } catch {
      // the next way may work
    }
    db?.close();
  }
  return snapshot(path);
}

function hasLog(path: string): boolean {
  try {
    return statSync(`${path}-wal`).size > 0;
  } catch {
    return false;
  }
}

/** SQLite URI paths treat `?`, `#` and `%` as syntax. */
function uriPath(path: string): string {
  return path.replace(/%/g, "%25").replace(/\?/g, "%3f").replace(/#/g, "%23");
}

function snapshot(path: string): Db {
  const dir = mkdtempSync(join(tmpdir(), "omni-read-"));
  try {
    const copy = join(dir, "omni.db");
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    const db = new Database(copy, { create: false, readwrite: true });
    try {
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      migrate(db);
      // An in-memory copy cannot be in WAL mode.
      db.exec("PRAGMA journal_mode = DELETE");
      return Database.deserialize(db.serialize(), true);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
