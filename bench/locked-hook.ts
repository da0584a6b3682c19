/**
 * Hook wall time while another process holds the database's write lock for 10 s: each run is a
 * whole `omni --post-hook` process on a payload it would distill, timed from spawn to exit. The
 * target is the hook deadline plus 100 ms, with the raw bytes handed back (an empty reply).
 * Run: bun run build && bun run bench/locked-hook.ts [runs] [deadline-ms] [path/to/omni]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { bashPayload } from "../src/bench/latency.ts";

const EXE = resolve(process.argv[4] ?? resolve(import.meta.dir, "../dist/omni"));
const RUNS = Number(process.argv[2] ?? 7);
const DEADLINE_MS = Number(process.argv[3] ?? 1000);
const LOCK_MS = 10_000;

const home = mkdtempSync(join(tmpdir(), "omni-bench-lock-"));
const dbPath = join(home, ".omni", "omni.db");
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, OMNI_DB_PATH: dbPath, OMNI_HOOK_DEADLINE_MS: String(DEADLINE_MS) };
const noisy = `${Array.from({ length: 300 }, (_, i) => `Compiling crate-${i} v1.0.${i}`).join("\n")}\nFinished release target(s) in 3.2s\n`;
const payload = bashPayload("cargo build", noisy, "bench-lock");

function hookMs(): { ms: number; stdout: number; exit: number } {
  const started = performance.now();
  const run = Bun.spawnSync([EXE, "--post-hook"], { env, stdin: Buffer.from(payload), stdout: "pipe", stderr: "ignore" });
  return { ms: performance.now() - started, stdout: run.stdout.length, exit: run.exitCode ?? -1 };
}

try {
  const unlocked = hookMs();
  const locker = Bun.spawn(
    [
      "bun",
      "-e",
      `const { Database } = require("bun:sqlite"); const db = new Database(${JSON.stringify(dbPath)}); db.exec("BEGIN EXCLUSIVE"); db.exec("DELETE FROM distillations WHERE 0"); db.exec("CREATE TABLE IF NOT EXISTS bench_lock (x)"); console.log("locked"); Bun.sleepSync(${LOCK_MS}); db.exec("ROLLBACK");`,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  const reader = locker.stdout.getReader();
  await reader.read();
  const lockedAt = performance.now();
  const runs: Array<{ ms: number; stdout: number; exit: number }> = [];
  while (runs.length < RUNS && performance.now() - lockedAt < LOCK_MS - 2 * DEADLINE_MS) runs.push(hookMs());
  await locker.exited;
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`deadline ${DEADLINE_MS} ms; database locked by another process for ${LOCK_MS / 1000} s`);
  console.log(`unlocked hook: ${unlocked.ms.toFixed(0)} ms, reply ${unlocked.stdout} bytes`);
  console.log(
    `locked hook, ${runs.length} runs: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target ≤ ${DEADLINE_MS + 100} ms); exit codes ${[...new Set(runs.map((r) => r.exit))].join(",")}; reply bytes ${[...new Set(runs.map((r) => r.stdout))].join(",")} (0 = the host keeps its raw bytes)`,
  );
} finally {
  rmSync(home, { recursive: true, force: true });
}
