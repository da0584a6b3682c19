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
        resolve({
          exitCode,
          output: readFileSync(outPath),
          durationMs: performance.now() - started,
          ...(spawnError ? { spawnError } : {}),
        });
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
  const numbers: Partial<Record<NodeJS.Signals, number>> = {
    SIGHUP: 1,
    SIGINT: 2,
    SIGQUIT: 3,
    SIGKILL: 9,
    SIGSEGV: 11,
    SIGPIPE: 13,
    SIGTERM: 15,
  };
  return numbers[signal] ?? 1;
}

/** Pipe text through a filter program (a benchmark peer); null when it fails or prints nothing. */
export function filterThrough(argv: string[], input: string, env: Record<string, string | undefined>, timeoutMs: number): string | null {
  const child = spawnSync(argv[0]!, argv.slice(1), {
    input,
    env: env as NodeJS.ProcessEnv,
    timeout: timeoutMs,
    maxBuffer: 1 << 30,
    encoding: "utf8",
  });
  if (child.error || child.status !== 0 || child.stdout === "") return null;
  return child.stdout;
}

export interface ForwardingOptions {
  /** Give the child its own process group, so a signal reaches everything it started. */
  ownGroup: boolean;
  /** Once a signal was forwarded, how long the child gets to exit before its group is killed. */
  graceMs: number;
  /**
   * A command still running after `atMs` hands what it printed so far to `onDeadline`, and from
   * then on its output streams to `stream` as it comes: the caller's reader (a host that moves a
   * slow command to the background at its timeout) sees output before the command ends.
   */
  deadline?: { atMs: number; onDeadline(captured: Buffer): void; stream(bytes: Buffer): void };
}

export interface ForwardedResult extends CommandResult {
  signal: NodeJS.Signals | null;
  /** The offset in `output` from which it was streamed, when the deadline passed; null otherwise. */
  streamedFrom: number | null;
}

/**
 * runCommand as a faithful stand-in for the command: stdin passes through, SIGINT, SIGTERM and
 * SIGHUP go on to the child's process group, and when one arrives the promise settles with what
 * was captured so far as soon as the child has exited (or, past the grace period, been killed).
 * The child never outlives the call. `signal` names what ended it, when a signal did.
 */
export function runCommandForwarding(argv: string[], options: ForwardingOptions): Promise<ForwardedResult> {
  const [file, ...args] = commandLine(argv);
  const { dir, outPath, fd } = openOutputFile();
  const started = performance.now();
  return new Promise((resolve) => {
    let received: NodeJS.Signals | null = null;
    let settled = false;
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
    let streamTimer: ReturnType<typeof setInterval> | undefined;
    let streamedFrom: number | null = null;
    let streamedTo = 0;
    const handlers = new Map<NodeJS.Signals, () => void>();
    const streamNew = () => {
      const output = readFileSync(outPath);
      if (output.length > streamedTo) options.deadline!.stream(output.subarray(streamedTo));
      streamedTo = output.length;
    };
    const finish = (exitCode: number, spawnError?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(killTimer);
      clearTimeout(deadlineTimer);
      clearInterval(streamTimer);
      for (const [signal, handler] of handlers) process.off(signal, handler);
      // Killed: whatever the child started in its group goes with it. A command that ended by
      // itself keeps what it left running, as it would have without omni.
      if (received && options.ownGroup && child.pid) signalGroup(child.pid, "SIGKILL");
      try {
        if (streamedFrom !== null) streamNew();
        resolve({
          exitCode,
          output: readFileSync(outPath),
          durationMs: performance.now() - started,
          signal: received,
          streamedFrom,
          ...(spawnError ? { spawnError } : {}),
        });
      } finally {
        closeSync(fd);
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const child = spawn(file!, args, { stdio: ["inherit", fd, fd], detached: options.ownGroup });
    const send = (signal: NodeJS.Signals) => {
      if (!child.pid) return;
      if (options.ownGroup) signalGroup(child.pid, signal);
      else child.kill(signal);
    };
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      const handler = () => {
        received ??= signal;
        send(signal);
        killTimer ??= setTimeout(() => send("SIGKILL"), options.graceMs);
      };
      handlers.set(signal, handler);
      process.on(signal, handler);
    }
    if (options.deadline) {
      const { deadline } = options;
      deadlineTimer = setTimeout(() => {
        if (settled) return;
        const captured = readFileSync(outPath);
        streamedFrom = captured.length;
        streamedTo = captured.length;
        deadline.onDeadline(captured);
        streamTimer = setInterval(streamNew, 200);
      }, deadline.atMs);
    }
    child.once("error", (error) => finish(127, error.message));
    child.once("exit", (code, signal) =>
      finish(code ?? (signal ? 128 + signalNumber(signal) : received ? 128 + signalNumber(received) : 1)),
    );
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}
