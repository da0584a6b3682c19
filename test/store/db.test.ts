import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/store/db.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Hooks of parallel tool calls create the database together, and one can find another's write
 * lock on the file it is switching to WAL. SQLite refuses that switch at once, without calling the
 * busy handler: the hook lost its database, and its run's row, in about one round in a hundred of
 * four hooks on a fresh file. A second connection in a worker thread holds the lock here, which
 * makes the refusal certain; the store must wait for the lock like for any other.
 */
test("switching to WAL waits for another connection's write lock instead of failing at once", async () => {
  dir = mkdtempSync(join(tmpdir(), "omni-db-"));
  const path = join(dir, "omni.db");
  const seed = new Database(path);
  seed.exec("CREATE TABLE t (x)");
  seed.close();
  const holder = new Worker(
    URL.createObjectURL(
      new Blob([
        `const { Database } = require("bun:sqlite");
         self.onmessage = async ({ data: path }) => {
           const db = new Database(path);
           db.exec("BEGIN IMMEDIATE"); db.exec("INSERT INTO t VALUES (1)");
           postMessage("locked");
           await Bun.sleep(300);
           db.exec("COMMIT"); db.close();
         };`,
      ]),
    ),
  );
  const locked = new Promise<void>((resolve) => {
    holder.onmessage = ({ data }) => {
      if (data === "locked") resolve();
    };
  });
  holder.postMessage(path);
  await locked;
  const db = openDatabase(path, { busyTimeoutMs: 5_000 });
  expect((db.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
  expect((db.query("SELECT COUNT(*) AS n FROM t").get() as { n: number }).n).toBe(1);
  db.close();
  holder.terminate();
});
