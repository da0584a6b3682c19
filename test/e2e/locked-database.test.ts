/**
 * A database another process holds locked costs a hook at most its deadline: every write shares
 * one budget, and the raw bytes go back (an empty reply). The wall-time figure itself comes from
 * bench/locked-hook.ts; this bound only tells the shared budget from one wait per write.
 */
import { afterEach, expect, test } from "bun:test";
import { bashPayload } from "../../src/bench/latency.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const DEADLINE_MS = 500;
const NOISY = `${Array.from({ length: 300 }, (_, i) => `Compiling crate-${i} v1.0.${i}`).join("\n")}\nFinished release target(s) in 3.2s\n`;

test("with the database locked by another process, a hook exits 0 with the raw bytes inside one deadline, not one wait per write", async () => {
  sandbox = makeSandbox({ OMNI_HOOK_DEADLINE_MS: String(DEADLINE_MS) });
  const payload = bashPayload("cargo build", NOISY, "locked");
  expect(runOmni(["--post-hook"], { env: sandbox.env, stdin: payload }).stdout.length).toBeGreaterThan(0);
  const locker = Bun.spawn(
    [
      "bun",
      "-e",
      `const { Database } = require("bun:sqlite"); const db = new Database(${JSON.stringify(sandbox.dbPath)}); db.exec("BEGIN EXCLUSIVE"); db.exec("CREATE TABLE IF NOT EXISTS test_lock (x)"); console.log("locked"); Bun.sleepSync(6000); db.exec("ROLLBACK");`,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  await locker.stdout.getReader().read();
  try {
    const started = performance.now();
    const run = runOmni(["--post-hook"], { env: sandbox.env, stdin: payload });
    const wallMs = performance.now() - started;
    console.log(`locked hook: ${wallMs.toFixed(0)} ms for a ${DEADLINE_MS} ms deadline`);
    expect(run.exitCode).toBe(0);
    expect(run.stdout.length).toBe(0);
    expect(wallMs).toBeLessThan(2 * DEADLINE_MS + 200);
  } finally {
    locker.kill();
    await locker.exited;
  }
}, 30_000);
