/**
 * Each test gets its own HOME and database: a test never touches a real ~/.omni.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dir, "../..");
export const OMNI_EXE = join(REPO_ROOT, "dist/omni");
export const SHARED = resolve(REPO_ROOT, "../shared");

export interface Sandbox {
  home: string;
  dbPath: string;
  env: Record<string, string>;
  cleanup(): void;
}

export function makeSandbox(extraEnv: Record<string, string> = {}): Sandbox {
  const home = mkdtempSync(join(tmpdir(), "omni-test-"));
  const dbPath = join(home, ".omni", "omni.db");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    OMNI_DB_PATH: dbPath,
    OMNI_QUIET: "1",
    // Tests check behaviour, not speed (the benchmarks do that): a slow, shared CI machine must not
    // turn a distilled reply into a deadline passthrough. Tests of the deadline set their own.
    OMNI_HOOK_DEADLINE_MS: "30000",
    ...extraEnv,
  };
  return { home, dbPath, env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/**
 * Install omni the way a user's shell finds it: a link in the sandbox's ~/.local/bin, put first on
 * its PATH. Doctor fails without one, since markers tell the agent to run `omni retrieve`.
 */
export function putOmniOnPath(sandbox: Sandbox): string {
  const bin = join(sandbox.home, ".local", "bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(OMNI_EXE, join(bin, "omni"));
  sandbox.env.PATH = `${bin}:${sandbox.env.PATH}`;
  return bin;
}

export interface SpawnResult {
  exitCode: number;
  stdout: Buffer;
  stderr: string;
}

/** Run the built executable the way a host would: a fresh process, stdin piped. */
export function runOmni(args: string[], options: { env: Record<string, string>; stdin?: string | Uint8Array; cwd?: string }): SpawnResult {
  const child = Bun.spawnSync([OMNI_EXE, ...args], {
    env: options.env,
    cwd: options.cwd ?? REPO_ROOT,
    stdin: options.stdin === undefined ? "ignore" : typeof options.stdin === "string" ? Buffer.from(options.stdin) : options.stdin,
    stdout: "pipe",
    stderr: "pipe",
  });
  return { exitCode: child.exitCode ?? -1, stdout: Buffer.from(child.stdout), stderr: Buffer.from(child.stderr).toString("utf8") };
}
