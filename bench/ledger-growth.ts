/**
 * How much one Read grows the database: a 2,000-line file read once through `omni --post-hook`,
 * under a 100-character and a 4 KB path. Growth is the database file after a checkpoint, minus
 * the same database before the Read. Pass another build's executable to compare (before/after).
 * Run: bun run build && bun run bench/ledger-growth.ts [path/to/omni]
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const EXE = resolve(process.argv[2] ?? resolve(import.meta.dir, "../dist/omni"));
const LINES = 2_000;

function readPayload(path: string, content: string): string {
  const lines = content.split("\n").length;
  return JSON.stringify({
    session_id: "0f8e2c4a-5b6d-4e7f-9a1b-2c3d4e5f6a7b",
    hook_event_name: "PostToolUse",
    cwd: "/home/dev/project",
    tool_name: "Read",
    tool_input: { file_path: path },
    tool_response: { type: "text", file: { filePath: path, content, numLines: lines, startLine: 1, totalLines: lines } },
  });
}

function fileBytes(dbPath: string): number {
  const db = new Database(dbPath);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  return statSync(dbPath).size;
}

function growth(pathChars: number): { bytes: number; ms: number } {
  const home = mkdtempSync(join(tmpdir(), "omni-bench-growth-"));
  try {
    const dbPath = join(home, ".omni", "omni.db");
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, OMNI_DB_PATH: dbPath, OMNI_HOOK_DEADLINE_MS: "60000" };
    const dir = "/home/dev/project/";
    const path = `${dir}${"nested-directory/".repeat(Math.ceil(pathChars / 17)).slice(0, pathChars - dir.length - 8)}/file.ts`;
    const content = Array.from({ length: LINES }, (_, i) => `export const value${i} = compute(${i}); // line ${i} of the file`).join("\n");
    Bun.spawnSync([EXE, "--post-hook"], {
      env,
      stdin: Buffer.from(readPayload(`${dir}warmup.ts`, "const warm = 1;\n".repeat(30))),
      stdout: "ignore",
    });
    const before = fileBytes(dbPath);
    const started = performance.now();
    Bun.spawnSync([EXE, "--post-hook"], { env, stdin: Buffer.from(readPayload(path, content)), stdout: "ignore" });
    const ms = performance.now() - started;
    return { bytes: fileBytes(dbPath) - before, ms };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

console.log(`executable: ${EXE}`);
console.log(`| path length | database growth for one ${LINES}-line Read | hook wall time |`);
console.log("| ---: | ---: | ---: |");
for (const chars of [100, 4096]) {
  const { bytes, ms } = growth(chars);
  console.log(`| ${chars} chars | ${(bytes / 1024).toFixed(0)} KiB (${bytes} bytes) | ${ms.toFixed(0)} ms |`);
}
