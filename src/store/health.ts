/** Can the database be opened and written? Doctor asks; `doctor --fix` acts on the answer. */
import { openDatabase } from "./db.ts";

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
