/**
 * Running a command: one result shape on success and failure. stdout and stderr share one
 * file so they interleave exactly as a terminal would show them, and nothing streams until
 * the child is done.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killRunTree, RUN_TAG_VARIABLE } from "./process-tree.ts";

export interface CommandResult {
  exitCode: number;
  /** stdout and stderr, interleaved in the order they were written. */
  output: Buffer;
  durationMs: number;
  /** Set when the command could not be started at all. */
  spawnError?: string;
}

export interface RunOptions {
  timeoutMs?: number;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

/** `argv` of one element runs through `sh -c` (the single-string form); more elements run directly. */
export function runCommand(argv: string[], options: RunOptions = {}): CommandResult {
  const [file, ...args] = commandLine(argv);
  const { dir, outPath, fd } = openOutputFile();
  const started = performance.now();
  try {
    const child = spawnSync(file!, args, {
      stdio: ["inherit", fd, fd],
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv | undefined,
      timeout: options.timeoutMs,
      killSignal: "SIGKILL",
    });
    const durationMs = performance.now() - started;
    const output = readFileSync(outPath);
    if (child.error && (child.error as NodeJS.ErrnoException).code !== "ETIMEDOUT") {
      return { exitCode: 127, output, durationMs, spawnError: child.error.message };
    }
    const exitCode = child.status ?? (child.signal ? 128 + signalNumber(child.signal) : 1);
    return { exitCode, output, durationMs, ...(child.error ? { spawnError: "timed out" } : {}) };
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * runCommand without blocking the event loop, for a server that must keep answering while the
 * command runs. stdin is closed: the server's stdin is its protocol channel, not the command's.
 * On timeout the whole process tree is killed: the group, every descendant, and every process
 * carrying this run's tag (a `setsid` child, a daemon re-parented away), so none outlives it.
 */
export function runCommandAsync(argv: string[], options: RunOptions = {}): Promise<CommandResult> {
  const [file, ...args] = commandLine(argv);
  const { dir, outPath, fd } = openOutputFile();
  const started = performance.now();
  const tag = `${process.pid}-${randomUUID()}`;
  const env = { ...(options.env ?? process.env), [RUN_TAG_VARIABLE]: tag };
  return new Promise((resolve) => {
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (exitCode: number, spawnError?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        resolve({ exitCode, output: readFileSync(outPath), durationMs: performance.now() - started, ...(spawnError ? { spawnError } : {}) });
      } finally {
        closeSync(fd);
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const child = spawn(file!, args, { stdio: ["ignore", fd, fd], cwd: options.cwd, env: env as NodeJS.ProcessEnv, detached: true });
    child.once("error", (error) => finish(127, error.message));
    child.once("exit", (code, signal) => finish(code ?? (signal ? 128 + signalNumber(signal) : 1), timedOut ? "timed out" : undefined));
    if (options.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        timedOut = true;
        if (child.pid !== undefined) killRunTree(child.pid, tag);
        killGroup(child);
      }, options.timeoutMs);
    }
  });
}

/** `argv` of one element is a shell command line; more elements are the program and its arguments. */
function commandLine(argv: string[]): string[] {
  return argv.length === 1 ? ["/bin/sh", "-c", argv[0]!] : argv;
}

function openOutputFile(): { dir: string; outPath: string; fd: number } {
  const dir = mkdtempSync(join(tmpdir(), "omni-exec-"));
  const outPath = join(dir, "output");
  return { dir, outPath, fd: openSync(outPath, "w+", 0o600) };
}

/** The child leads its own group (detached): killing the group takes its children too. */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGTERM: 15 };
  return numbers[signal] ?? 1;
}

/** Pipe text through a filter program (a benchmark peer); null when it fails or prints nothing. */
export function filterThrough(argv: string[], input: string, env: Record<string, string | undefined>, timeoutMs: number): string | null {
  const child = spawnSync(argv[0]!, argv.slice(1), { input, env: env as NodeJS.ProcessEnv, timeout: timeoutMs, maxBuffer: 1 << 30, encoding: "utf8" });
  if (child.error || child.status !== 0 || child.stdout === "") return null;
  return child.stdout;
}
