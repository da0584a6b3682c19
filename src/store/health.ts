/** Can the database be opened and written? Doctor asks; `doctor --fix` acts on the answer. */
import { existsSync, lstatSync } from "node:fs";
import { basename, dirname } from "node:path";
import { databaseModes } from "./db-files.ts";
import { openDatabase, openReadOnly } from "./db.ts";

export interface DatabaseHealth {
  opens: boolean;
  writable: boolean;
  error: string | null;
}

export function checkDatabase(path: string): DatabaseHealth {
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(path);
  } catch (error) {
    return { opens: false, writable: false, error: error instanceof Error ? error.message : String(error) };
  }
  try {
    // A write transaction that changes nothing: it needs the same locks and permissions as a real one.
    db.exec("BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS doctor_probe (x); DROP TABLE doctor_probe; COMMIT");
    return { opens: true, writable: true, error: null };
  } catch (error) {
    return { opens: true, writable: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    db.close();
  }
}

/** SQLite's words for a file that is not (or no longer) a database: moving it aside is the repair. */
export function isCorruption(health: DatabaseHealth): boolean {
  return !health.opens && /not a database|malformed|corrupt/i.test(health.error ?? "");
}

/**
 * SQLite's own check of the file (`PRAGMA quick_check`): a database that opens can still have
 * damaged pages. Read-only, so it works on a database this user cannot write. null when absent.
 */
export function checkIntegrity(path: string): { ok: boolean; messages: string[] } | null {
  if (!existsSync(path)) return null;
  let db: ReturnType<typeof openReadOnly>;
  try {
    db = openReadOnly(path);
  } catch (error) {
    return { ok: false, messages: [error instanceof Error ? error.message : String(error)] };
  }
  try {
    const rows = db.query("PRAGMA quick_check(20)").all() as Array<{ quick_check: string }>;
    const messages = rows.map((row) => row.quick_check).filter((message) => message !== "ok");
    return { ok: messages.length === 0, messages };
  } catch (error) {
    return { ok: false, messages: [error instanceof Error ? error.message : String(error)] };
  } finally {
    db.close();
  }
}

/** The database, its -wal/-shm and its directory: a symlink, another owner, or bits for group and others. */
export function fileProblems(path: string): string[] {
  const problems: string[] = [];
  for (const [file, mode] of Object.entries(databaseModes(path))) {
    if (mode === null) continue;
    if (lstatSync(file).isSymbolicLink()) problems.push(`${file} is a symlink; omni refuses to follow it (remove it)`);
    else if (typeof process.getuid === "function" && lstatSync(file).uid !== process.getuid())
      problems.push(`${file} belongs to user ${lstatSync(file).uid}, not to you`);
    else if ((mode & 0o077) !== 0 && (file !== dirname(path) || basename(file) === ".omni"))
      problems.push(
        `${file} is open to other users (mode ${mode.toString(8).padStart(3, "0")}; want ${file === dirname(path) ? "700" : "600"})`,
      );
  }
  return problems;
}
