import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand, runCommandAsync } from "../../src/platform/process.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

/** Running, not merely a zombie waiting for a reaper (a container's init may never reap it). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

test("the async run gives what the blocking run gives: interleaved output and the exit code", async () => {
  const command = ["echo out; echo err >&2; echo again; exit 3"];
  const blocking = runCommand(command);
  const async = await runCommandAsync(command);
  expect(async.output.toString()).toBe("out\nerr\nagain\n");
  expect({ exitCode: async.exitCode, output: async.output.toString() }).toEqual({
    exitCode: blocking.exitCode,
    output: blocking.output.toString(),
  });
  expect((await runCommandAsync(["true"], { cwd: "/nonexistent-dir" })).exitCode).toBe(127);
});

test("a timed-out async run is stopped with its children, and says so", async () => {
  sandbox = makeSandbox();
  const pidFile = join(sandbox.home, "child.pid");
  // The shell starts a child in the background and waits: killing the shell alone would leave it running.
  const result = await runCommandAsync([`sleep 30 & echo $! > ${pidFile}; echo started; wait`], { timeoutMs: 300 });
  expect(result.spawnError).toBe("timed out");
  expect(result.output.toString()).toBe("started\n");
  const child = Number(readFileSync(pidFile, "utf8"));
  await Bun.sleep(50);
  expect(running(child)).toBe(false);
});
