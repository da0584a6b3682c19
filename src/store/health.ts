/** Can the database be opened and written? Doctor asks; nothing here repairs anything. */
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
