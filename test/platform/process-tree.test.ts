/** omni_run's timeout kills the whole tree: the shell, its children, and a `setsid` child that left the group. */
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCommandAsync } from "../../src/platform/process.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Alive means present in /proc and not a zombie waiting for a reaper. */
function alive(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

async function waitForFile(path: string): Promise<number> {
  for (let i = 0; i < 100 && !existsSync(path); i++) await Bun.sleep(20);
  return Number(readFileSync(path, "utf8").trim());
}

test("at its timeout a command's setsid child, a re-parented grandchild and the group all die", async () => {
  if (process.platform !== "linux") return;
  dir = mkdtempSync(join(tmpdir(), "omni-tree-"));
  const setsidPid = join(dir, "setsid.pid");
  const orphanPid = join(dir, "orphan.pid");
  const groupPid = join(dir, "group.pid");
  // setsid leaves the process group; the orphan's parent exits at once, so init adopts it.
  const command = [
    `setsid sh -c 'echo $$ > ${setsidPid}; exec sleep 60' &`,
    `sh -c 'sleep 60 & echo $! > ${orphanPid}' &`,
    `sleep 60 & echo $! > ${groupPid}`,
    "wait",
  ].join("\n");
  const run = runCommandAsync([command], { timeoutMs: 1_000 });
  const pids = await Promise.all([waitForFile(setsidPid), waitForFile(orphanPid), waitForFile(groupPid)]);
  expect(pids.every(alive)).toBe(true);
  const result = await run;
  expect(result.spawnError).toBe("timed out");
  await Bun.sleep(100);
  expect(pids.filter(alive)).toEqual([]);
}, 20_000);

test("a command that finishes in time leaves its background daemon alone", async () => {
  if (process.platform !== "linux") return;
  dir = mkdtempSync(join(tmpdir(), "omni-tree-"));
  const daemonPid = join(dir, "daemon.pid");
  const result = await runCommandAsync([`setsid sh -c 'echo $$ > ${daemonPid}; exec sleep 5' > /dev/null 2>&1 &`], { timeoutMs: 5_000 });
  expect(result.exitCode).toBe(0);
  const pid = await waitForFile(daemonPid);
  expect(alive(pid)).toBe(true);
  process.kill(pid, "SIGKILL");
});
