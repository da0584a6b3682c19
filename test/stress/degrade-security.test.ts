import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
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
  runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify({ ...JSON.parse(noisy()), tool_input: { command }, session_id: `s';--"` }) });
  const db = new Database(sandbox.dbPath, { readonly: true });
  try {
    const row = db.query("SELECT command, session_id FROM distillations").get() as { command: string; session_id: string };
    expect(row).toEqual({ command, session_id: `s';--"` });
  } finally {
    db.close();
  }
});

test("makes no outbound network call (runs with networking unshared, when the machine allows it)", () => {
  sandbox = makeSandbox();
  const probe = Bun.spawnSync(["unshare", "-n", "true"]);
  if (probe.exitCode !== 0) return; // no user namespaces here: nothing to prove with
  const child = Bun.spawnSync(["unshare", "-n", join(import.meta.dir, "../../dist/omni"), "--post-hook"], { env: sandbox.env, stdin: Buffer.from(noisy()), stdout: "pipe" });
  expect(child.exitCode).toBe(0);
  expect(isValidReply(Buffer.from(child.stdout).toString())).toBe(true);
  const strace = Bun.which("strace");
  if (!strace) return;
  const traced = Bun.spawnSync([strace, "-f", "-e", "trace=connect", join(import.meta.dir, "../../dist/omni"), "--post-hook"], { env: sandbox.env, stdin: Buffer.from(noisy()), stdout: "ignore", stderr: "pipe" });
  expect(Buffer.from(traced.stderr).toString()).not.toMatch(/connect\(\d+, \{sa_family=AF_INET/);
});
