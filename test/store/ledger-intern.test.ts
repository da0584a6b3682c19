/** Migration 7 moves an existing database's ledger rows to interned scope and source ids. */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, schemaVersion } from "../../src/store/db.ts";
import { forgetReader, seenLines } from "../../src/store/ledger.ts";
import { MIGRATIONS } from "../../src/store/schema.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a database written before interning keeps every ledger row, readable by scope with its source", () => {
  dir = mkdtempSync(join(tmpdir(), "omni-intern-"));
  const path = join(dir, "omni.db");
  const old = new Database(path);
  old.exec("CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)");
  for (let id = 1; id <= 6; id++) {
    old.exec(MIGRATIONS[id - 1]!);
    old.query("INSERT INTO schema_migrations (id, applied_at) VALUES (?1, 0)").run(id);
  }
  const insert = old.query("INSERT INTO ledger_lines (scope, line_hash, ts, agent_id, source) VALUES (?1, ?2, ?3, ?4, ?5)");
  insert.run("sess", "aaaaaaaaaaaaaaaa", 10, "claude_code", "/home/dev/a.ts");
  insert.run("sess", "bbbbbbbbbbbbbbbb", 11, "claude_code", null);
  insert.run("sess/sub", "aaaaaaaaaaaaaaaa", 12, "claude_code", "/home/dev/a.ts");
  insert.run("project:/home/dev", "aaaaaaaaaaaaaaaa", 13, "claude_code", "/home/dev/a.ts");
  old.close();

  const db = openDatabase(path);
  try {
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.query("SELECT COUNT(*) AS n FROM ledger_lines").get()).toEqual({ n: 4 });
    expect(db.query("SELECT COUNT(*) AS n FROM ledger_sources").get()).toEqual({ n: 1 });
    const seen = seenLines(db, "sess", ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc"]);
    expect([...seen.entries()]).toEqual([
      ["aaaaaaaaaaaaaaaa", { source: "/home/dev/a.ts", agentId: "claude_code" }],
      ["bbbbbbbbbbbbbbbb", { source: null, agentId: "claude_code" }],
    ]);
    expect(forgetReader(db, "sess")).toBe(3);
    expect(seenLines(db, "project:/home/dev", ["aaaaaaaaaaaaaaaa"]).size).toBe(1);
  } finally {
    db.close();
  }
});
