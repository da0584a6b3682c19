import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Whole-process measurement for the benchmarks: wall time and peak resident memory of one run. */

export interface ProcessSample {
  exitCode: number;
  wallMs: number;
  /** User + system CPU time of the child: steadier than wall time on a shared machine. */
  cpuMs: number;
  stdout: Buffer;
}

export function sampleProcess(argv: string[], options: { env: Record<string, string | undefined>; stdin?: Uint8Array }): ProcessSample {
  const started = performance.now();
  const child = Bun.spawnSync(argv, { env: options.env, stdin: options.stdin ?? "ignore", stdout: "pipe", stderr: "ignore" });
  const wallMs = performance.now() - started;
  const cpuMs = Number(child.resourceUsage?.cpuTime.total ?? 0n) / 1000;
  return { exitCode: child.exitCode ?? -1, wallMs, cpuMs, stdout: Buffer.from(child.stdout) };
}

/**
 * Peak resident set of one run, in bytes, or null where GNU time is missing. Not the spawn
 * API's own figure: Linux carries the high-water mark across fork and exec, so a child of a
 * big parent reports the parent's size. GNU time forks from a small process.
 */
export function peakRssBytes(argv: string[], options: { env: Record<string, string | undefined>; stdin?: Uint8Array }): number | null {
  const time = ["/usr/bin/time", "/bin/time"].find((path) => Bun.which(path) !== null);
  if (!time) return null;
  const dir = mkdtempSync(join(tmpdir(), "omni-rss-"));
  try {
    const out = join(dir, "rss");
    Bun.spawnSync([time, "-f", "%M", "-o", out, ...argv], {
      env: options.env,
      stdin: options.stdin ?? "ignore",
      stdout: "ignore",
      stderr: "ignore",
    });
    const kib = Number(readFileSync(out, "utf8").trim().split("\n").pop());
    return Number.isFinite(kib) && kib > 0 ? kib * 1024 : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Is this process the compiled executable (rather than bun running the sources)? */
export function runningCompiled(): boolean {
  return Bun.main.startsWith("/$bunfs/") || Bun.main.startsWith("B:/~BUN/");
}
