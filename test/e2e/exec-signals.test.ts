/**
 * `omni exec` as a faithful stand-in when the host kills a run: the signal reaches the command's
 * whole process group, what it had printed comes back, and nothing it started survives.
 */
import { afterEach, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decideRewrite } from "../../src/core/gateway/decide.ts";
import { NO_RULES } from "../../src/core/gateway/permission-rules.ts";
import { OMNI_EXE, makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/^\S+ \S+ Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8").replace(/\(.*\)/, "x"));

test("a rewritten run killed with SIGTERM to its process group after 1 s shows what it printed, and no child survives", async () => {
  sandbox = makeSandbox();
  const script = join(sandbox.home, "run-tests.sh");
  // A project's own test script: it prints, starts a child of its own, and would run for a minute.
  writeFileSync(
    script,
    `#!/bin/sh\necho $$ > pids\nsleep 60 &\necho $! >> pids\nfor i in 1 2 3 4 5; do echo "test $i ... ok"; done\necho "test 6 ... FAILED"\nsleep 60\necho "never printed"\n`,
  );
  chmodSync(script, 0o755);
  const decision = decideRewrite({
    command: "./run-tests.sh",
    runInBackground: false,
    permissionMode: "default",
    rules: () => NO_RULES,
    exe: OMNI_EXE,
    scope: { agentId: "claude_code", sessionId: "sig-1", subagentId: null },
  });
  expect(decision.rewrite).toBe(true);
  if (!decision.rewrite) return;
  const host = spawn("/bin/bash", ["-c", decision.command], {
    cwd: sandbox.home,
    env: sandbox.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  host.stdout.on("data", (chunk) => (stdout += chunk));
  await Bun.sleep(1000);
  process.kill(-host.pid!, "SIGTERM");
  const code = await new Promise<number | null>((resolve) =>
    host.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? -1 : null))),
  );
  await Bun.sleep(200);
  expect(stdout).toContain("test 5 ... ok");
  expect(stdout).toContain("test 6 ... FAILED");
  expect(stdout).not.toContain("never printed");
  expect(code).toBe(143);
  const pids = readFileSync(join(sandbox.home, "pids"), "utf8").trim().split("\n").map(Number);
  expect(pids).toHaveLength(2);
  for (const pid of pids) expect(alive(pid)).toBe(false);
}, 20_000);

test("SIGINT to omni alone goes on to the command, and its output still comes back", async () => {
  sandbox = makeSandbox();
  const child = spawn(OMNI_EXE, ["exec", "--", "sh", "-c", "echo started; trap 'echo interrupted; exit 130' INT; sleep 30 & wait"], {
    env: sandbox.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  await Bun.sleep(700);
  child.kill("SIGINT");
  const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
  expect(stdout).toBe("started\ninterrupted\n");
  expect(code).toBe(130);
}, 20_000);
