/** doctor's file checks: SQLite's quick_check finds damaged pages in a database that still opens; modes and symlinks. */
import { afterEach, expect, test } from "bun:test";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, symlinkSync, writeSync, chmodSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/store/db.ts";
import { checkIntegrity, fileProblems } from "../../src/store/health.ts";
import { putBlock } from "../../src/store/archive.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function seeded(): string {
  dir = mkdtempSync(join(tmpdir(), "omni-integrity-"));
  const path = join(dir, ".omni", "omni.db");
  const db = openDatabase(path);
  for (let i = 0; i < 400; i++) putBlock(db, `h${i}`, `block ${i} `.repeat(200 + i), 2_000, 1_000 + i);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  return path;
}

test("quick_check passes a sound database and reports one whose pages were overwritten", () => {
  const path = seeded();
  expect(checkIntegrity(path)).toEqual({ ok: true, messages: [] });
  const size = statSync(path).size;
  const fd = openSync(path, "r+");
  // Damage pages in the middle of the file; page 1 (the header and schema) stays intact, so it still opens.
  for (let at = 8 * 4096; at < size - 4096; at += 8 * 4096) writeSync(fd, Buffer.alloc(600, 0xa5), 0, 600, at + 100);
  closeSync(fd);
  const damaged = checkIntegrity(path)!;
  expect(damaged.ok).toBe(false);
  expect(damaged.messages.length).toBeGreaterThan(0);
});

test("a database open to others, a side file open to others, and a symlink are each named", () => {
  const path = seeded();
  expect(fileProblems(path)).toEqual([]);
  chmodSync(path, 0o644);
  writeFileSync(`${path}-wal`, "");
  chmodSync(`${path}-wal`, 0o666);
  const problems = fileProblems(path);
  expect(problems.some((p) => p.startsWith(`${path} is open to other users (mode 644`))).toBe(true);
  expect(problems.some((p) => p.startsWith(`${path}-wal is open to other users (mode 666`))).toBe(true);
  // Opening for writing tightens both.
  openDatabase(path).close();
  expect(fileProblems(path)).toEqual([]);
  const linked = join(dir, "linked");
  mkdirSync(linked);
  symlinkSync(path, join(linked, "omni.db"));
  expect(fileProblems(join(linked, "omni.db")).some((p) => p.includes("is a symlink"))).toBe(true);
  expect(() => openDatabase(join(linked, "omni.db"))).toThrow("symlink");
});

test("a database directory another user owns is refused for writing", () => {
  dir = mkdtempSync(join(tmpdir(), "omni-integrity-"));
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return;
  const other = join(dir, "other");
  mkdirSync(other);
  // Root can hand the directory to another uid; the open must then refuse to write there.
  Bun.spawnSync(["chown", "65534:65534", other]);
  expect(() => openDatabase(join(other, "omni.db"))).toThrow("belongs to user 65534");
});
