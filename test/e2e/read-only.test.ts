/**
 * Commands that only read work on a database they cannot write: run as another user (made with
 * useradd when the tests run as root), or, when not root, on a copy with its write bits removed.
 * retrieve, stats and the dashboard exit 0 with the right bytes; a hook still fails open.
 */
import { afterEach, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSandbox, OMNI_EXE, REPO_ROOT, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
  sandbox?.cleanup();
});

const NOISY = `node -e 'for (let i = 0; i < 300; i++) console.log("Compiling crate-" + i + " v1.0." + i); console.log("Finished release target(s) in 3.2s")'`;
const OTHER_USER = "omni-readonly-probe";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** The uid and gid of a user that is not us, made if needed; null when we cannot switch users. */
function otherUser(): { uid: number; gid: number } | null {
  if (!isRoot) return null;
  const lookup = () => Bun.spawnSync(["id", "-u", OTHER_USER], { stdout: "pipe", stderr: "ignore" });
  if (lookup().exitCode !== 0)
    Bun.spawnSync(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", OTHER_USER], {
      stdout: "ignore",
      stderr: "ignore",
    });
  const uid = Number(Buffer.from(lookup().stdout).toString().trim());
  const gid = Number(
    Buffer.from(Bun.spawnSync(["id", "-g", OTHER_USER], { stdout: "pipe" }).stdout)
      .toString()
      .trim(),
  );
  return Number.isInteger(uid) && uid > 0 ? { uid, gid } : null;
}

function runAs(user: { uid: number; gid: number } | null, args: string[], env: Record<string, string>, stdin?: string) {
  const argv = user ? ["setpriv", `--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", OMNI_EXE, ...args] : [OMNI_EXE, ...args];
  const child = Bun.spawnSync(argv, {
    env,
    cwd: "/",
    stdin: stdin === undefined ? "ignore" : Buffer.from(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  return { exitCode: child.exitCode ?? -1, stdout: Buffer.from(child.stdout), stderr: Buffer.from(child.stderr).toString() };
}

test("retrieve, stats, the dashboard, query, session, patterns and engram work on a database this user cannot write; a hook fails open", async () => {
  sandbox = makeSandbox({ OMNI_AGENT_ID: "claude_code" });
  const raw = runOmni(["exec", NOISY], { env: { ...sandbox.env, OMNI_PASSTHROUGH: "1" } }).stdout;
  const distilled = runOmni(["exec", NOISY], { env: sandbox.env }).stdout.toString();
  const handle = /omni retrieve ([0-9a-f]{16})/.exec(distilled)![1]!;
  const ownerStats = JSON.parse(runOmni(["stats", "--json"], { env: sandbox.env }).stdout.toString()).totals;

  const user = otherUser();
  // Readable by the other user, writable by no one but the owner (or, without a second user, by no one).
  chmodSync(sandbox.home, 0o755);
  chmodSync(join(sandbox.home, ".omni"), user ? 0o755 : 0o555);
  chmodSync(sandbox.dbPath, user ? 0o644 : 0o444);
  cleanups.push(() => {
    chmodSync(join(sandbox.home, ".omni"), 0o700);
    chmodSync(sandbox.dbPath, 0o600);
  });
  const home = mkdtempSync(join(tmpdir(), "omni-reader-"));
  mkdirSync(join(home, "work"));
  chmodSync(home, 0o777);
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    OMNI_DB_PATH: sandbox.dbPath,
    OMNI_QUIET: "1",
    OMNI_HOOK_DEADLINE_MS: "30000",
  };
  console.log(`read-only reader: ${user ? `user ${OTHER_USER} (uid ${user.uid})` : "this user, write bits removed"}`);

  const retrieved = runAs(user, ["retrieve", handle], env);
  expect(retrieved.stderr).not.toContain("readonly");
  expect(retrieved.exitCode).toBe(0);
  expect(retrieved.stdout.equals(raw)).toBe(true);
  expect(retrieved.stderr).toContain("pull not counted");
  const part = runAs(user, ["retrieve", handle, "--lines", "2-3"], env);
  expect(part.stdout.toString()).toBe(raw.toString().split("\n").slice(1, 3).join("\n") + "\n");

  const stats = runAs(user, ["stats", "--json"], env);
  expect(stats.exitCode).toBe(0);
  expect(JSON.parse(stats.stdout.toString()).totals).toEqual(ownerStats);

  const dashboard = Bun.spawn(
    user
      ? ["setpriv", `--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", OMNI_EXE, "dashboard", "--port", "0"]
      : [OMNI_EXE, "dashboard", "--port", "0"],
    { env, cwd: "/", stdout: "pipe", stderr: "pipe" },
  );
  try {
    const reader = dashboard.stdout.getReader();
    let banner = "";
    while (!banner.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      banner += new TextDecoder().decode(value);
    }
    const port = /127\.0\.0\.1:(\d+)/.exec(banner)?.[1];
    expect(port).toBeDefined();
    const api = (await (await fetch(`http://127.0.0.1:${port}/api/stats`)).json()) as { totals: unknown };
    expect(api.totals).toEqual(ownerStats);
  } finally {
    dashboard.kill("SIGTERM");
    expect(await dashboard.exited).toBe(0);
  }

  // The memory commands that only read: each answers from the database it cannot write.
  for (const args of [
    ["query", "errors in last 5 commands"],
    ["session", "--history"],
    ["session", "--status"],
    ["patterns"],
    ["engram", "--json"],
  ]) {
    const result = runAs(user, args, env);
    expect([args.join(" "), result.stderr]).toEqual([args.join(" "), ""]);
    expect(result.exitCode).toBe(0);
  }

  const hook = runAs(
    user,
    ["--post-hook"],
    env,
    JSON.stringify({
      session_id: "s",
      hook_event_name: "PostToolUse",
      cwd: REPO_ROOT,
      tool_name: "Bash",
      tool_input: { command: NOISY },
      tool_response: { stdout: raw.toString(), stderr: "", interrupted: false, isImage: false },
      exit_code: 0,
    }),
  );
  expect(hook.exitCode).toBe(0);
}, 60_000);
