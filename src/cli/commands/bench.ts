import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { aggregate } from "../../bench/aggregate.ts";
import { loadFromDb, loadSources } from "../../bench/corpus.ts";
import { measureLatency } from "../../bench/latency.ts";
import { peersFromEnv } from "../../bench/peers.ts";
import { renderLatency, renderReplay } from "../../bench/render.ts";
import { armsFor, replayCorpus } from "../../bench/replay.ts";
import { stderrIsTty, writeErr, writeOut } from "../../platform/io.ts";
import { runningCompiled } from "../../platform/measure.ts";
import { databasePath, type Env } from "../../platform/paths.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";

const MIN_LATENCY_RUNS = 15;

export default defineCommand({
  usage: "omni bench replay [SOURCE…] [--from-db [--all]] [--json]\n       omni bench latency [--runs N] [--exe PATH] [--json]",
  description: "Benchmarks anyone can rerun: replay a corpus of host payloads through the hook pipeline, or time the built executable.",
  flags: {
    json: { type: "boolean", description: "print the same numbers as one JSON object" },
    "from-db": { type: "boolean", description: "replay your own execution_traces (OMNI_BENCH_DB, else the omni database)" },
    all: { type: "boolean", description: "with --from-db: include terminal rows (no model read them), and say so (also OMNI_BENCH_ALL=1)" },
    runs: {
      type: "string",
      valueName: "n",
      description: `latency: measured rounds per case (at least ${MIN_LATENCY_RUNS}; default ${MIN_LATENCY_RUNS})`,
    },
    exe: {
      type: "string",
      valueName: "path",
      description: "latency: the executable to time (default: this one when compiled, else dist/omni)",
    },
  },
  notes: [
    "Replay sources: JSONL files of PostToolUse payloads (one per line), folders of them, fixture",
    "folders (<case>.txt + <case>.meta.json, whose must_keep list the audit checks), or --from-db.",
    "Arms: raw, filters, filters+ledger, and one per peer named by OMNI_BENCH_RTK, OMNI_BENCH_LEANCTX,",
    "OMNI_BENCH_CAVEMAN, OMNI_BENCH_HEADROOM (a program: raw output on stdin, filtered on stdout),",
    "each with a <peer>+ledger arm. Every arm gets its own temp HOME and database.",
    "",
    "Exit status: 0 when the audit is clean; 1 when any audit count, invalid reply or grown call is non-zero.",
  ].join("\n"),
  run({ env }, { flags, positionals }) {
    const [mode, ...sources] = positionals;
    if (mode === "replay") return replay(env, sources, flags);
    if (mode === "latency") return latency(flags);
    throw new ActionableError("omni bench needs a mode: omni bench replay test/fixtures, or omni bench latency");
  },
});

function replay(env: Env, sources: string[], flags: Record<string, string | boolean | undefined>): number {
  if (flags.all && !flags["from-db"]) throw new ActionableError("--all only applies to --from-db: omni bench replay --from-db --all");
  if (!flags["from-db"] && sources.length === 0)
    throw new ActionableError(
      "name a corpus, e.g. omni bench replay test/fixtures (a folder of captured outputs), or replay your own traces with --from-db",
    );
  let corpus;
  try {
    corpus = flags["from-db"]
      ? loadFromDb(env.OMNI_BENCH_DB || databasePath(env), Boolean(flags.all) || env.OMNI_BENCH_ALL === "1")
      : loadSources(sources);
  } catch (error) {
    throw new ActionableError(`cannot read the corpus: ${error instanceof Error ? error.message : String(error)}`);
  }
  const showProgress = stderrIsTty() && !flags.json;
  const results = replayCorpus(corpus, armsFor(peersFromEnv(env)), {
    env,
    onProgress: showProgress ? (done, total) => writeErr(`\r${progressBar(done, total)}${done === total ? "\n" : ""}`) : undefined,
  });
  const report = aggregate(corpus, results);
  writeOut(flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderReplay(report));
  return report.failures === 0 ? 0 : 1;
}

function latency(flags: Record<string, string | boolean | undefined>): number {
  const runs = flags.runs === undefined ? MIN_LATENCY_RUNS : Number(flags.runs);
  if (!Number.isInteger(runs) || runs < MIN_LATENCY_RUNS)
    throw new ActionableError(`--runs must be a whole number of at least ${MIN_LATENCY_RUNS}`);
  const exe = typeof flags.exe === "string" ? resolve(flags.exe) : runningCompiled() ? process.execPath : resolve("dist/omni");
  if (!existsSync(exe)) throw new ActionableError(`no executable at ${exe}: run bun run build first (or pass --exe)`);
  if (!existsSync("test/fixtures"))
    throw new ActionableError("run omni bench latency from the repository root: it builds its payloads from test/fixtures");
  const report = measureLatency({
    exe,
    fixturesDir: "test/fixtures",
    runs,
    warmup: 3,
    largeDbBytes: 200 * 1024 * 1024,
    onProgress: stderrIsTty() && !flags.json ? (message) => writeErr(`\r\x1b[K${message}`) : undefined,
  });
  if (stderrIsTty() && !flags.json) writeErr("\r\x1b[K");
  writeOut(flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderLatency(report));
  return 0;
}

function progressBar(done: number, total: number): string {
  const width = 30;
  const filled = Math.round((width * done) / Math.max(total, 1));
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} calls`;
}
