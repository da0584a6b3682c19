/**
 * Mutation testing of the pure stages: each mutant of src/core (with the gateway), src/ledger and
 * the base helpers they rely on most is applied, one at a time, to a scratch copy of the repo, and
 * the test files that import the mutated file (by import graph) run with `bun test --bail`. A
 * mutant that no test notices survives; bench/mutation-reasons.ts says why each survivor is left.
 * The working tree is never written, except the report. Run: `bun run bench:mutation`.
 *   --files a.ts,b.ts  only these sources     --cap N   mutants per file (0 = all; default 16)
 *   --jobs N           parallel scratch copies (default 3)   --out PATH  report (default bench/mutation.md)
 *   --retry            only the last run's survivors (a partial report: use --out elsewhere)
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { applyMutant, mutantsOf, type Mutant } from "./mutation-operators.ts";
import { reasonKey, writeReport, type FileResult, type Outcome, type Result } from "./mutation-report.ts";

const REPO = resolve(import.meta.dir, "..");
const SOURCES = ["src/core", "src/ledger", "src/base/failure.ts", "src/base/lines.ts", "src/base/markers.ts"];
/**
 * The tests that may kill a mutant: those in the pure layers' unit folders that reach the file, and
 * the distiller tests that import it directly. The rest spawn the built binary or host CLIs, and the
 * distillers' snapshot suite replays every fixture (15 s a run): each would make a survivor cost minutes.
 */
const TEST_FOLDERS = ["test/base", "test/core", "test/ledger"];
const DIRECT_ONLY = ["test/distillers"];
const LEFT_OUT = ["test/distillers/snapshots.test.ts"];
/** A test reaching the file through more imports than this (a test, its helper, the stage, the file) is left out. */
const MAX_DEPTH = 3;

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const CAP = Number(arg("cap", "16"));
const JOBS = Number(arg("jobs", "3"));
const OUT = resolve(REPO, arg("out", "bench/mutation.md"));
const ONLY = arg("files", "").split(",").filter(Boolean);
/** Survivors of the last run (written to test-output/ each run); `--retry` runs only those, to check new tests quickly. */
const SURVIVORS = join(REPO, "test-output/mutation-survivors.json");
const RETRY = process.argv.includes("--retry") ? new Set<string>(JSON.parse(readFileSync(SURVIVORS, "utf8"))) : null;

function tsFiles(path: string): string[] {
  const full = join(REPO, path);
  if (!statSync(full).isDirectory()) return path.endsWith(".ts") ? [path] : [];
  return readdirSync(full)
    .sort()
    .flatMap((name) => tsFiles(join(path, name)));
}

/** Relative .ts imports of a file, repo-relative. */
function importsOf(path: string): string[] {
  const text = readFileSync(join(REPO, path), "utf8");
  const specs = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g)];
  return specs.map((m) => relative(REPO, resolve(dirname(join(REPO, path)), m[1] ?? m[2]!))).filter((p) => existsSync(join(REPO, p)));
}

/** For each test file, the source files it reaches and at what import depth. */
function reach(test: string): Map<string, number> {
  const depth = new Map<string, number>([[test, 0]]);
  const queue = [test];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of importsOf(at))
      if (!depth.has(next)) {
        depth.set(next, depth.get(at)! + 1);
        queue.push(next);
      }
  }
  return depth;
}

function makeScratch(): string {
  const root = mkdtempSync(join(tmpdir(), "omni-mutation-"));
  const repo = join(root, "repo");
  cpSync(REPO, repo, {
    recursive: true,
    filter: (src) => ![".git", "node_modules", "dist", "test-output"].some((n) => src === join(REPO, n)),
  });
  for (const link of ["node_modules", "dist"]) if (existsSync(join(REPO, link))) symlinkSync(join(REPO, link), join(repo, link));
  if (existsSync(resolve(REPO, "../shared"))) symlinkSync(resolve(REPO, "../shared"), join(root, "shared"));
  return repo;
}

/** Unlinks the symlinks first, so removing a scratch copy can never reach what they point at. */
function removeScratches(scratches: string[]): void {
  for (const scratch of scratches) {
    for (const link of [join(scratch, "node_modules"), join(scratch, "dist"), join(dirname(scratch), "shared")])
      if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(link);
    rmSync(dirname(scratch), { recursive: true, force: true });
  }
}

interface Run {
  outcome: "pass" | "fail" | "timeout";
  ms: number;
}

function runTests(cwd: string, tests: string[], timeoutMs: number): Promise<Run> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, ["test", "--bail", ...tests.map((t) => `./${t}`)], { cwd, detached: true, stdio: "ignore" });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const outcome = timedOut ? "timeout" : code === 0 ? "pass" : "fail";
      done({ outcome, ms: performance.now() - started });
    });
  });
}

/** Deterministic sample: the CAP mutants whose key hashes lowest, kept in source order. */
function sample(path: string, source: string, mutants: Mutant[]): Mutant[] {
  if (CAP <= 0 || mutants.length <= CAP) return mutants;
  const lines = source.split("\n");
  const hash = (m: Mutant, i: number) =>
    createHash("sha256")
      .update(`${path}\0${lines[m.line - 1]!.trim()}\0${m.mutation}\0${i}`)
      .digest("hex");
  const ranked = mutants.map((m, i) => ({ m, i, h: hash(m, i) })).sort((a, b) => (a.h < b.h ? -1 : 1));
  return ranked
    .slice(0, CAP)
    .sort((a, b) => a.i - b.i)
    .map((r) => r.m);
}

async function main() {
  const started = Date.now();
  const sources = SOURCES.flatMap(tsFiles).filter((p) => ONLY.length === 0 || ONLY.some((o) => p.endsWith(o)));
  const tests = [...TEST_FOLDERS, ...DIRECT_ONLY].flatMap(tsFiles).filter((t) => t.endsWith(".test.ts") && !LEFT_OUT.includes(t));
  const reached = new Map(tests.map((t) => [t, reach(t)]));
  const scratches = Array.from({ length: Math.max(1, JOBS) }, makeScratch);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      removeScratches(scratches);
      process.exit(130);
    });
  const original = new Map(sources.map((p) => [p, readFileSync(join(REPO, p))]));
  const results: FileResult[] = [];
  try {
    // Baseline: each candidate test file alone, unmutated; a file that fails here cannot judge a mutant.
    const covers = (t: string, s: string) =>
      (reached.get(t)!.get(s) ?? 99) <= (DIRECT_ONLY.some((d) => t.startsWith(`${d}/`)) ? 1 : MAX_DEPTH);
    const wanted = tests.filter((t) => sources.some((s) => covers(t, s)));
    const baseline = new Map<string, Run>();
    for (const t of wanted) baseline.set(t, await runTests(scratches[0]!, [t], 120_000));
    console.log(`baseline: ${wanted.length} test files in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const broken = wanted.filter((t) => baseline.get(t)!.outcome !== "pass");
    for (const path of sources) {
      const source = original.get(path)!.toString("utf8");
      const all = mutantsOf(source);
      const lines = source.split("\n");
      const keyOf = (m: Mutant) => reasonKey(path, { mutant: m, outcome: "survived", code: lines[m.line - 1]!.trim() });
      const chosen = sample(path, source, all).filter((m) => !RETRY || RETRY.has(keyOf(m)));
      // Direct importers first, then the fastest: with --bail the first failing file ends the run.
      const direct = (t: string) => (reached.get(t)!.get(path) === 1 ? 0 : 1);
      const covering = wanted
        .filter((t) => covers(t, path) && !broken.includes(t))
        .sort((a, b) => direct(a) - direct(b) || baseline.get(a)!.ms - baseline.get(b)!.ms);
      const result: FileResult = { path, generated: all.length, results: [], tests: covering };
      results.push(result);
      if (covering.length === 0 || chosen.length === 0) continue;
      const budget = covering.reduce((sum, t) => sum + baseline.get(t)!.ms, 0);
      const timeoutMs = Math.max(10_000, 3 * budget);
      const queue = [...chosen];
      const worker = async (scratch: string) => {
        for (let m = queue.shift(); m; m = queue.shift()) {
          const target = join(scratch, path);
          writeFileSync(target, applyMutant(source, m));
          let run: Run;
          try {
            run = await runTests(scratch, covering, timeoutMs);
          } finally {
            writeFileSync(target, original.get(path)!);
          }
          if (process.env.MUTATION_VERBOSE) console.log(`  ${path}:${m.line} ${m.mutation} ${run.outcome} ${Math.round(run.ms)} ms`);
          const outcome: Outcome = run.outcome === "pass" ? "survived" : run.outcome === "timeout" ? "timed out" : "killed";
          result.results.push({ mutant: m, outcome, code: lines[m.line - 1]!.trim() } satisfies Result);
        }
      };
      await Promise.all(scratches.map(worker));
      result.results.sort((a, b) => a.mutant.start - b.mutant.start || a.mutant.mutation.localeCompare(b.mutant.mutation));
      const s = result.results.filter((r) => r.outcome === "survived").length;
      console.log(`${path}: ${result.results.length} of ${all.length} mutants, ${s} survived, ${covering.length} test files`);
    }
    for (const [path, bytes] of original)
      if (!readFileSync(join(REPO, path)).equals(bytes)) throw new Error(`${path} changed during the run: the tree must stay clean`);
    const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8" }).stdout.trim();
    const dirty = spawnSync("git", ["status", "--porcelain", "--", "src", "test"], { cwd: REPO, encoding: "utf8" }).stdout.trim() !== "";
    mkdirSync(dirname(SURVIVORS), { recursive: true });
    const survivors = results.flatMap((f) => f.results.filter((r) => r.outcome === "survived").map((r) => reasonKey(f.path, r)));
    writeFileSync(SURVIVORS, `${JSON.stringify(survivors, null, 1)}\n`);
    const missing = writeReport(OUT, {
      results,
      broken,
      commit: dirty ? `${commit} (with uncommitted changes)` : commit,
      date: new Date().toISOString().slice(0, 10),
      minutes: (Date.now() - started) / 60_000,
      cap: CAP,
      jobs: JOBS,
      partial: ONLY.length > 0 || RETRY !== null,
    });
    console.log(`wrote ${relative(REPO, OUT)} in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
    if (missing > 0) {
      console.error(`${missing} surviving mutants have no reason in bench/mutation-reasons.ts`);
      process.exitCode = 1;
    }
  } finally {
    removeScratches(scratches);
  }
}

await main();
