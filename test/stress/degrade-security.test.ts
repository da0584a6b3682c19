import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, OMNI_EXE, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { corpusPayloads, isValidReply } from "./helpers.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const noisy = () => corpusPayloads().find((p) => p.includes('"git log') && p.length > 3000)!;

test("a corrupt database degrades the hook to passthrough", () => {
  sandbox = makeSandbox();
  runOmni(["--post-hook"], { env: sandbox.env, stdin: noisy() });
  writeFileSync(sandbox.dbPath, Buffer.alloc(64 * 1024, 0x5a));
  const result = runOmni(["--post-hook"], { env: sandbox.env, stdin: noisy() });
  expect(result.exitCode).toBe(0);
  expect(result.stdout.toString()).toBe("");
});

test("a database that cannot be created (read-only location) degrades to passthrough", () => {
  sandbox = makeSandbox();
  const result = runOmni(["--post-hook"], { env: { ...sandbox.env, OMNI_DB_PATH: "/proc/omni-test/omni.db" }, stdin: noisy() });
  expect(result.exitCode).toBe(0);
  expect(result.stdout.toString()).toBe("");
});

test("a full disk degrades to passthrough, and the database survives it (when a private tmpfs can be mounted)", () => {
  sandbox = makeSandbox();
  const disk = join(sandbox.home, "disk");
  const payloadFile = join(sandbox.home, "payload.json");
  writeFileSync(payloadFile, noisy());
  mkdirSync(disk);
  const env = { ...sandbox.env, OMNI_DB_PATH: join(disk, "omni.db") };
  // Inside a private mount namespace: a 512 KB tmpfs, one run to create the database, fill it, run again.
  const script = `mount -t tmpfs -o size=512k tmpfs "$1" || exit 99
    "$2" --post-hook < "$3" > "$1/../first.out"; echo "first $?"
    dd if=/dev/zero of="$1/fill" bs=4k 2>/dev/null
    "$2" --post-hook < "$3" > "$1/../full.out"; echo "full $?"
    rm -f "$1/fill"
    "$2" --post-hook < "$3" > "$1/../after.out"; echo "after $?"
    sqlite_ok=$("$2" --post-hook < "$3" >/dev/null; echo $?); echo "again $sqlite_ok"`;
  const run = Bun.spawnSync(["unshare", "-m", "sh", "-c", script, "sh", disk, OMNI_EXE, payloadFile], {
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (run.exitCode === 99 || run.exitCode === null || Buffer.from(run.stderr).toString().includes("unshare")) return; // cannot mount here
  expect(Buffer.from(run.stdout).toString()).toBe("first 0\nfull 0\nafter 0\nagain 0\n");
  for (const name of ["first", "full", "after"]) expect(isValidReply(readFileSync(join(sandbox.home, `${name}.out`), "utf8"))).toBe(true);
});

test("creates the database directory 0700 and the file 0600", () => {
  sandbox = makeSandbox();
  runOmni(["--post-hook"], { env: sandbox.env, stdin: noisy() });
  expect(statSync(join(sandbox.home, ".omni")).mode & 0o777).toBe(0o700);
  expect(statSync(sandbox.dbPath).mode & 0o777).toBe(0o600);
});

test("never runs what a payload's command says", () => {
  sandbox = makeSandbox();
  const victim = join(sandbox.home, "pwned");
  const payload = JSON.parse(noisy());
  for (const command of [`git log; touch ${victim}`, `$(touch ${victim})`, `\`touch ${victim}\``, `git log && touch ${victim}`]) {
    const result = runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify({ ...payload, tool_input: { command } }) });
    expect(result.exitCode).toBe(0);
    expect(isValidReply(result.stdout.toString())).toBe(true);
  }
  expect(existsSync(victim)).toBe(false);
});

test("stores strings full of quotes and -- exactly (bound parameters only)", () => {
  sandbox = makeSandbox();
  const command = `git log --grep="it's" -- 'a'';DROP TABLE distillations;--' "x"--`;
  runOmni(["--post-hook"], {
    env: sandbox.env,
    stdin: JSON.stringify({ ...JSON.parse(noisy()), tool_input: { command }, session_id: `s';--"` }),
  });
  const db = new Database(sandbox.dbPath, { readonly: true });
  try {
    const row = db.query("SELECT command, session_id FROM distillations").get() as { command: string; session_id: string };
    expect(row).toEqual({ command, session_id: `s';--"` });
  } finally {
    db.close();
  }
});

test("every command works with networking unshared, and the hook opens no socket (when the machine allows it)", () => {
  sandbox = makeSandbox();
  if (Bun.spawnSync(["unshare", "-n", "true"]).exitCode !== 0) return; // no network namespaces here: nothing to prove with
  const offline = (args: string[], stdin?: string) =>
    Bun.spawnSync(["unshare", "-n", OMNI_EXE, ...args], {
      env: sandbox.env,
      stdin: stdin === undefined ? "ignore" : Buffer.from(stdin),
      stdout: "pipe",
      stderr: "pipe",
    });
  const hook = offline(["--post-hook"], noisy());
  expect(hook.exitCode).toBe(0);
  const reply = Buffer.from(hook.stdout).toString();
  expect(isValidReply(reply)).toBe(true);
  const handle = /omni retrieve ([0-9a-f]{16})/.exec(reply)?.[1];
  if (handle) expect(offline(["retrieve", handle]).exitCode).toBe(0);
  expect(offline(["exec", "git", "--version"]).exitCode).toBe(0);
  expect(offline(["--cmd", "cargo build"], "Compiling a v1\n".repeat(300)).exitCode).toBe(0);
  expect(offline(["diff"]).exitCode).toBe(0);
  expect(offline(["bench", "replay", join(import.meta.dir, "../fixtures/git")]).exitCode).toBeLessThan(2);
  const strace = Bun.which("strace");
  if (!strace) return;
  const traced = Bun.spawnSync([strace, "-f", "-e", "trace=socket,connect", OMNI_EXE, "--post-hook"], {
    env: sandbox.env,
    stdin: Buffer.from(noisy()),
    stdout: "ignore",
    stderr: "pipe",
  });
  expect(Buffer.from(traced.stderr).toString()).not.toMatch(/socket\(AF_INET6?|connect\(\d+, \{sa_family=AF_INET/);
});
