/**
 * Whole-process latency of the built executable, by removal: the post-hook on three payload
 * sizes against a fresh and a ~200 MB database, each median set beside the bare executable's
 * floor (`omni --version`) and `true` from the same rounds, so the ratios survive a noisy
 * machine. Rounds interleave every case, so drift hits all of them alike. Peak RSS compares a
 * 20,000-line payload with a 20-line one.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { byteLength, splitInclusive } from "../base/lines.ts";
import { peakRssBytes, sampleProcess } from "../platform/measure.ts";
import { putBlock } from "../store/archive.ts";
import { openDatabase } from "../store/db.ts";
import { recordRun } from "../store/runs.ts";
import { handleFor } from "../base/handle.ts";

export interface LatencyOptions {
  exe: string;
  /** Real captured outputs the payloads and the large database are built from. */
  fixturesDir: string;
  runs: number;
  warmup: number;
  largeDbBytes: number;
  onProgress?: (message: string) => void;
}

export interface LatencyCase {
  name: string;
  payloadBytes: number;
  db: "fresh" | "large" | null;
  medianMs: number;
  /** median / floor median. */
  ratioToFloor: number;
  /** Median CPU time (user + system) and its ratio to the floor's: less sensitive to other load. */
  medianCpuMs: number;
  cpuRatioToFloor: number;
}

export interface LatencyReport {
  runs: number;
  warmup: number;
  floorMs: number;
  trueMs: number;
  largeDbBytes: number;
  cases: LatencyCase[];
  /** Post-hook on the large database over the same payload on the fresh one. */
  largeOverFresh: Array<{ payload: string; ratio: number }>;
  /** Null where peak memory cannot be measured (no GNU time). */
  memory: { smallLines: number; largeLines: number; smallRssBytes: number; largeRssBytes: number } | null;
  targets: { freshWithin3xFloor: boolean; largeWithin1_3xFresh: boolean };
}

/** Targets from the foundation issue. */
const MAX_FRESH_OVER_FLOOR = 3;
const MAX_LARGE_OVER_FRESH = 1.3;
const RSS_SAMPLES = 5;

/**
 * The captured outputs under `dir`. Not the distiller snapshots (`<case>.out.txt`): those are
 * omni's own replies, and one marker line in a payload turns the whole run into an "already
 * distilled" passthrough that never reaches the ledger. Not the captured batches (`h<N>_*`, held
 * out or reviewed into the tuning half) either: they grow with every capture, and a benchmark's
 * payload must not; the original corpus does not change.
 */
/** A fixture of a captured batch (`h18_go_test_…`). */
const CAPTURED_BATCH = /^h\d+_/;

export function fixtureTexts(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fixtureTexts(path));
    else if (name.endsWith(".txt") && !name.endsWith(".out.txt") && !CAPTURED_BATCH.test(name) && !heldOut(path))
      out.push(readFileSync(path, "utf8"));
  }
  return out;
}

function heldOut(textPath: string): boolean {
  const meta = `${textPath.slice(0, -4)}.meta.json`;
  return existsSync(meta) && /"holdout":\s*true/.test(readFileSync(meta, "utf8"));
}

/** Whole lines of real output, cycled until `count` lines. */
export function linesOf(texts: string[], count: number): string {
  const pool = texts.flatMap((text) => splitInclusive(text).map((line) => (line.endsWith("\n") ? line : `${line}\n`)));
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(pool[i % pool.length]!);
  return out.join("");
}

/** Whole lines of real output up to about `bytes`. */
export function bytesOf(texts: string[], bytes: number): string {
  const pool = texts.flatMap((text) => splitInclusive(text).map((line) => (line.endsWith("\n") ? line : `${line}\n`)));
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = pool[i % pool.length]!;
    out.push(line);
    size += byteLength(line);
  }
  return out.join("");
}

export function readPayload(content: string, session = "bench-latency"): string {
  return JSON.stringify({
    session_id: session,
    hook_event_name: "PostToolUse",
    cwd: "/tmp",
    tool_name: "Read",
    tool_input: { file_path: "/tmp/bench.txt" },
    tool_response: {
      type: "text",
      file: {
        filePath: "/tmp/bench.txt",
        content,
        numLines: content.split("\n").length,
        startLine: 1,
        totalLines: content.split("\n").length,
      },
    },
  });
}

export function bashPayload(command: string, stdout: string, session = "bench-latency"): string {
  return JSON.stringify({
    session_id: session,
    hook_event_name: "PostToolUse",
    cwd: "/tmp",
    tool_name: "Bash",
    tool_input: { command },
    tool_response: { stdout, stderr: "", interrupted: false, isImage: false },
    exit_code: 0,
  });
}

export function preToolPayload(command: string, session = "bench-latency"): string {
  return JSON.stringify({
    session_id: session,
    hook_event_name: "PreToolUse",
    cwd: "/tmp",
    permission_mode: "default",
    tool_name: "Bash",
    tool_input: { command, description: "tests" },
  });
}

/** A database grown the way use grows it: runs, traces and archive blocks of real output. */
export function populateDatabase(path: string, texts: string[], targetBytes: number): void {
  const db = openDatabase(path);
  try {
    const now = Math.floor(Date.now() / 1000);
    let i = 0;
    while (statSync(path).size < targetBytes) {
      db.transaction(() => {
        for (let j = 0; j < 500; j++, i++) {
          const raw = `${texts[i % texts.length]!}\n# run ${i}\n`;
          const handle = handleFor(raw);
          putBlock(db, handle, raw, byteLength(raw), now - (i % 86_400));
          recordRun(db, {
            ts: now - (i % 86_400),
            sessionId: `s${i % 400}`,
            agentId: "claude_code",
            entry: "hook",
            tool: "Bash",
            command: "bench",
            label: "bench",
            distiller: "generic",
            route: "distilled",
            reason: null,
            inputBytes: byteLength(raw),
            outputBytes: 100,
            deliveredBytes: 100,
            latencyMs: 5,
            handle,
            projectPath: "/tmp",
            exitCode: 0,
            raw,
            delivered: raw.slice(0, 100),
          });
        }
      })();
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
  } finally {
    db.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function measureLatency(options: LatencyOptions): LatencyReport {
  const home = mkdtempSync(join(tmpdir(), "omni-latency-"));
  try {
    const texts = fixtureTexts(options.fixturesDir);
    const freshDb = join(home, "fresh", "omni.db");
    const largeDb = join(home, "large", "omni.db");
    openDatabase(freshDb).close();
    options.onProgress?.("building the large database");
    populateDatabase(largeDb, texts, options.largeDbBytes);
    const largeDbBytes = statSync(largeDb).size;
    const small = texts.find((text) => text.startsWith("On branch")) ?? linesOf(texts, 10);
    const payloads = [
      { name: `git status (${byteLength(small)} B, Bash)`, bytes: byteLength(small), body: Buffer.from(bashPayload("git status", small)) },
      { name: "100 KB Read", bytes: 100_000, body: Buffer.from(readPayload(bytesOf(texts, 100_000))) },
      { name: "1 MB Read", bytes: 1_000_000, body: Buffer.from(readPayload(bytesOf(texts, 1_000_000))) },
    ];
    const env = (db: string) => ({ PATH: process.env.PATH, HOME: home, OMNI_DB_PATH: db });
    const trueExe = Bun.which("true") ?? "/bin/true";
    type Case = {
      name: string;
      payloadBytes: number;
      db: "fresh" | "large" | null;
      argv: string[];
      env: Record<string, string | undefined>;
      stdin?: Uint8Array;
      samples: number[];
      cpu: number[];
    };
    const cases: Case[] = [
      { name: "true", payloadBytes: 0, db: null, argv: [trueExe], env: env(freshDb), samples: [], cpu: [] },
      {
        name: "floor: omni --version",
        payloadBytes: 0,
        db: null,
        argv: [options.exe, "--version"],
        env: env(freshDb),
        samples: [],
        cpu: [],
      },
      // The gateway's whole decision, rules read from every settings scope: a rewrite of a test run.
      {
        name: "pre-hook: rewrite cargo test",
        payloadBytes: 0,
        db: null,
        argv: [options.exe, "--pre-hook"],
        env: env(freshDb),
        stdin: Buffer.from(preToolPayload("cargo test --all")),
        samples: [],
        cpu: [],
      },
      ...(["fresh", "large"] as const).flatMap((db) =>
        payloads.map((payload) => ({
          name: `post-hook ${payload.name}`,
          payloadBytes: payload.bytes,
          db,
          argv: [options.exe, "--post-hook"],
          env: env(db === "fresh" ? freshDb : largeDb),
          stdin: payload.body,
          samples: [] as number[],
          cpu: [] as number[],
        })),
      ),
    ];
    for (let round = 0; round < options.warmup + options.runs; round++) {
      options.onProgress?.(`round ${round + 1} of ${options.warmup + options.runs}`);
      for (const item of cases) {
        const sample = sampleProcess(item.argv, { env: item.env, stdin: item.stdin });
        if (sample.exitCode !== 0) throw new Error(`${item.name} exited ${sample.exitCode}`);
        if (round >= options.warmup) {
          item.samples.push(sample.wallMs);
          item.cpu.push(sample.cpuMs);
        }
      }
    }
    const floorMs = median(cases[1]!.samples);
    const floorCpuMs = median(cases[1]!.cpu);
    const results: LatencyCase[] = cases.map((item) => ({
      name: item.name,
      payloadBytes: item.payloadBytes,
      db: item.db,
      medianMs: median(item.samples),
      ratioToFloor: median(item.samples) / floorMs,
      medianCpuMs: median(item.cpu),
      cpuRatioToFloor: median(item.cpu) / floorCpuMs,
    }));
    const hookCases = results.filter((item) => item.db !== null);
    const largeOverFresh = payloads.map((payload) => {
      const fresh = hookCases.find((item) => item.db === "fresh" && item.name.endsWith(payload.name))!;
      const large = hookCases.find((item) => item.db === "large" && item.name.endsWith(payload.name))!;
      return { payload: payload.name, ratio: large.medianMs / fresh.medianMs };
    });
    options.onProgress?.("peak memory");
    const memory = peakMemory(options.exe, env(freshDb), texts);
    return {
      runs: options.runs,
      warmup: options.warmup,
      floorMs,
      trueMs: results[0]!.medianMs,
      largeDbBytes,
      cases: results,
      largeOverFresh,
      memory,
      targets: {
        // The foundation issue sets this target for a small Bash payload; the larger Reads are reported beside it.
        freshWithin3xFloor: hookCases
          .filter((item) => item.db === "fresh")
          .slice(0, 1)
          .every((item) => item.ratioToFloor <= MAX_FRESH_OVER_FLOOR),
        largeWithin1_3xFresh: largeOverFresh.every((item) => item.ratio <= MAX_LARGE_OVER_FRESH),
      },
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function peakMemory(exe: string, env: Record<string, string | undefined>, texts: string[]): LatencyReport["memory"] {
  const rss = (lines: number) => {
    const body = Buffer.from(readPayload(linesOf(texts, lines), `bench-rss-${lines}`));
    const samples = Array.from({ length: RSS_SAMPLES }, () => peakRssBytes([exe, "--post-hook"], { env, stdin: body }));
    return samples.every((sample) => sample !== null) ? median(samples as number[]) : null;
  };
  const smallRssBytes = rss(20);
  const largeRssBytes = rss(20_000);
  return smallRssBytes === null || largeRssBytes === null ? null : { smallLines: 20, largeLines: 20_000, smallRssBytes, largeRssBytes };
}
