import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aggregate, statsFigures } from "../../src/bench/aggregate.ts";
import { loadSources } from "../../src/bench/corpus.ts";
import { armsFor, replayCorpus, type PlantedStage } from "../../src/bench/replay.ts";
import { carriesFailure } from "../../src/base/failure.ts";
import { lineKey } from "../../src/base/handle.ts";
import { splitInclusive, splitLines } from "../../src/base/lines.ts";
import { isOmniMarkerLine } from "../../src/base/markers.ts";
import { distillers } from "../../src/distillers/index.ts";
import { defineDistiller } from "../../src/distillers/types.ts";
import { aggregateRuns } from "../../src/stats/aggregate.ts";
import { spanWindow } from "../../src/stats/window.ts";
import { makeSandbox, REPO_ROOT, runOmni, SHARED, type Sandbox } from "../helpers/sandbox.ts";

const FIXTURE = join(REPO_ROOT, "test/fixtures/git/git_status_modified_untracked.txt");
const SESSION = join(SHARED, "corpus/sessions/gen-ufo-trailing-slash-bugfix.jsonl");

let dir: string;
let sandbox: Sandbox;
const originalGit = distillers.git;
afterEach(() => {
  distillers.git = originalGit;
  if (dir) rmSync(dir, { recursive: true, force: true });
  sandbox?.cleanup();
});

/** A fixture folder holding one real capture and its must-keep list. */
function fixtureFolder(): string {
  dir = mkdtempSync(join(tmpdir(), "omni-bench-test-"));
  writeFileSync(join(dir, "status.txt"), readFileSync(FIXTURE));
  writeFileSync(join(dir, "status.meta.json"), readFileSync(FIXTURE.replace(/\.txt$/, ".meta.json")));
  return dir;
}

/** Audit findings of the `filters` arm alone: a planted ledger there is the only ledger. */
function filtersArmFindings(sources: string[], plant: () => PlantedStage): number {
  const corpus = loadSources(sources);
  const arm = aggregate(corpus, replayCorpus(corpus, armsFor([]), { env: { PATH: process.env.PATH }, plant })).arms.find(
    (a) => a.id === "filters",
  )!;
  return Object.values(arm.audit!.counts).reduce((sum, n) => sum + n, 0);
}

function replayFailures(sources: string[], plant?: () => PlantedStage): number {
  const corpus = loadSources(sources);
  return aggregate(corpus, replayCorpus(corpus, armsFor([]), { env: { PATH: process.env.PATH }, plant })).failures;
}

/**
 * A ledger stand-in with the two scopes the real one has: each run of lines the session was shown
 * ("already shown") or the project was shown ("not shown here") is replaced, in place, by one
 * marker whose handle holds exactly those lines. `recordFolded` plants the defect: folded lines
 * are recorded as delivered, so a project fold later becomes a false "already shown" claim in a
 * session that never saw them. A Read is folded against its own reader only, as the real ledger
 * does; `projectReads` plants the defect of answering one with "not shown here".
 */
function plantedLedger(recordFolded: boolean, foldFailures = false, projectReads = false): PlantedStage {
  const session = new Map<string, Set<string>>();
  const project = new Set<string>();
  return (call, delivered, archive) => {
    const seen = session.get(call.scope!) ?? session.set(call.scope!, new Set()).get(call.scope!)!;
    // Marker lines are the pipeline's own; a ledger never folds them.
    // Failure lines are never folded: a repeated failure is the signal that it persists.
    const exempt = (line: string) => isOmniMarkerLine(line) || (!foldFailures && carriesFailure(line.trim()));
    const projectScopeApplies = projectReads || call.tool !== "Read";
    const originOf = (line: string) =>
      exempt(line) ? null : seen.has(lineKey(line)) ? "session" : projectScopeApplies && project.has(lineKey(line)) ? "project" : null;
    const out: string[] = [];
    const kept: string[] = [];
    let run = null as { origin: "session" | "project"; lines: string[] } | null;
    // A run folds only where its marker is shorter than the lines it replaces, as the real ledger's does.
    const flush = () => {
      if (!run) return;
      const wording = run.origin === "session" ? "already shown" : "not shown here";
      const content = run.lines.join("");
      const newline = content.endsWith("\n") ? "\n" : "";
      if (content.length > 80) out.push(`[OMNI: ${run.lines.length} lines ${wording}, omni retrieve ${archive(content)}]${newline}`);
      else {
        out.push(...run.lines);
        kept.push(...run.lines);
      }
      run = null;
    };
    const lines = splitInclusive(delivered);
    for (const line of lines) {
      const origin = originOf(line);
      if (origin && run?.origin !== origin) flush();
      if (origin) (run ??= { origin, lines: [] }).lines.push(line);
      else {
        flush();
        out.push(line);
        kept.push(line);
      }
    }
    flush();
    const foldable = lines.filter((line) => !exempt(line));
    for (const line of recordFolded ? foldable : kept.filter((line) => !exempt(line))) seen.add(lineKey(line));
    for (const line of foldable) project.add(lineKey(line));
    return out.join("");
  };
}

/** A long shell output of the session: the kind project scope may fold. */
const GIT_LOG_P = (line: string) => line.includes('"command": "git log -p -3 -- src/utils.ts"');

/** One real payload (a Read by default), read by session a, then twice by session b, in the same project. */
function repeatedReadCorpus(
  source = SESSION,
  pick = (line: string) => line.includes('"tool_name": "Read"') && line.includes("README.md"),
): string {
  dir = mkdtempSync(join(tmpdir(), "omni-bench-test-"));
  const read = readFileSync(source, "utf8").split("\n").find(pick)!;
  const payload = JSON.parse(read);
  const path = join(dir, "reads.jsonl");
  writeFileSync(path, ["a", "b", "b"].map((session) => JSON.stringify({ ...payload, session_id: session })).join("\n"));
  return path;
}

describe("omni bench replay audit", () => {
  test("passes a real fixture through clean", () => {
    expect(replayFailures([fixtureFolder()])).toBe(0);
  });

  test("fails when a distiller drops a must-keep line", () => {
    const source = fixtureFolder();
    distillers.git = defineDistiller({ ...distillers.git, describe: "planted defect", distill: ({ text }) => `${splitLines(text)[0]}\n` });
    expect(replayFailures([source])).toBeGreaterThan(0);
  });

  test("counts a structured payload delivered with a byte changed", () => {
    dir = mkdtempSync(join(tmpdir(), "omni-bench-test-"));
    const path = join(dir, "package-json.jsonl");
    writeFileSync(
      path,
      readFileSync(SESSION, "utf8")
        .split("\n")
        .find((line) => line.includes('"file_path": "/repo/ufo/package.json"'))!,
    );
    const corpus = loadSources([path]);
    const clean = aggregate(corpus, replayCorpus(corpus, armsFor([]), { env: {} }));
    expect(clean.arms[1]!.audit!.counts.structured).toBe(0);
    const reformatted = aggregate(
      corpus,
      replayCorpus(corpus, armsFor([]), { env: {}, plant: () => (_call, delivered) => delivered.replace("{", "{ ") }),
    );
    expect(reformatted.arms[1]!.audit!.counts.structured).toBe(1);
    expect(reformatted.failures).toBeGreaterThan(0);
  });

  test("passes an honest two-scope ledger", () => {
    expect(replayFailures([repeatedReadCorpus()], () => plantedLedger(false))).toBe(0);
    // Shell output may be folded against the project; stacked on the real ledger it would not be honest, so the filters arm judges it.
    expect(filtersArmFindings([repeatedReadCorpus(SESSION, GIT_LOG_P)], () => plantedLedger(false))).toBe(0);
  });

  test("measures the repetition ceiling per reader, and the share of it the ledger folded", () => {
    const corpus = loadSources([repeatedReadCorpus()]);
    const report = aggregate(corpus, replayCorpus(corpus, armsFor([]), { env: {} }));
    // Session a reads the file, b reads it twice: only b's second read repeats what its reader was shown.
    const content = corpus.calls[0]!.text;
    const nonBlank = splitInclusive(content)
      .filter((line) => line.trim() !== "")
      .reduce((sum, line) => sum + Buffer.byteLength(line), 0);
    const row = (id: string) => report.arms.find((arm) => arm.id === id)!.ceiling!.find((r) => r.callClass === "file read")!;
    expect(row("filters+ledger")).toEqual({
      callClass: "file read",
      calls: 3,
      bytesIn: 3 * Buffer.byteLength(content),
      ceilingBytes: nonBlank,
      foldedBytes: nonBlank,
      spentBytes: nonBlank,
    });
    expect(row("filters").foldedBytes).toBe(0);
    expect(report.arms.find((arm) => arm.id === "raw")!.ceiling).toBeNull();
  });

  test("fails when a Read is answered with lines another reader was shown", () => {
    const corpus = loadSources([repeatedReadCorpus()]);
    const report = aggregate(corpus, replayCorpus(corpus, armsFor([]), { env: {}, plant: () => plantedLedger(false, false, true) }));
    expect(report.arms[2]!.audit!.counts["read not shown"]).toBeGreaterThan(0);
  });

  test("fails when the ledger folds a failure line", () => {
    const failingRun = () =>
      repeatedReadCorpus(join(SHARED, "corpus/sessions/gen-neverthrow-jest-map-bug.jsonl"), (line) =>
        line.includes('"command": "npx jest tests/index.test.ts"'),
      );
    expect(replayFailures([failingRun()], () => plantedLedger(false))).toBe(0);
    expect(replayFailures([failingRun()], () => plantedLedger(false, true))).toBeGreaterThan(0);
  });

  test("fails when a reply carries a handle the archive cannot resolve", () => {
    const corpus = loadSources([fixtureFolder()]);
    const plant = () => (_call: unknown, delivered: string) =>
      `${delivered}\n[OMNI: 3 lines omitted, omni retrieve 0123456789abcdef for full output]`;
    const report = aggregate(corpus, replayCorpus(corpus, armsFor([]), { env: {}, plant }));
    expect(report.arms[1]!.audit!.counts.unresolved).toBe(1);
  });

  test("fails when the ledger records the lines it folded", () => {
    expect(filtersArmFindings([repeatedReadCorpus(SESSION, GIT_LOG_P)], () => plantedLedger(true))).toBeGreaterThan(0);
  });

  test("the built command exits 1 on audit findings and 0 when clean", () => {
    sandbox = makeSandbox();
    expect(runOmni(["bench", "replay", fixtureFolder()], { env: sandbox.env }).exitCode).toBe(0);
    const withMisses = runOmni(["bench", "replay", join(REPO_ROOT, "test/fixtures/build")], { env: sandbox.env });
    const report = JSON.parse(
      runOmni(["bench", "replay", "--json", join(REPO_ROOT, "test/fixtures/build")], { env: sandbox.env }).stdout.toString(),
    );
    expect(withMisses.exitCode).toBe(report.failures === 0 ? 0 : 1);
    // Three replays of the whole build family (146 real outputs) by the built binary: a harness limit, not a timing check.
  }, 60_000);

  test("prints corpus, headline, folds, classes, shapes, top commands and audit from one run", () => {
    sandbox = makeSandbox();
    const result = runOmni(["bench", "replay", SESSION], { env: sandbox.env });
    const text = result.stdout.toString();
    for (const heading of [
      "Corpus",
      "Headline",
      "Ledger folds by scope",
      "Repetition:",
      "Repetition ceiling by class",
      "By class",
      "By shell shape",
      "Top ",
      "Audit",
    ])
      expect(text).toContain(heading);
    const json = JSON.parse(runOmni(["bench", "replay", "--json", SESSION], { env: sandbox.env }).stdout.toString());
    expect(json.corpus.calls).toBeGreaterThan(40);
    expect(json.arms.map((arm: { id: string }) => arm.id)).toEqual(["raw", "filters", "filters+ledger"]);
    expect(text).toContain(json.arms[1].stats.totals.delivered_bytes.toLocaleString("en-US"));
  });

  test("each arm's headline is omni stats over the run rows it recorded, and equals what its replies delivered", () => {
    const corpus = loadSources([SESSION]);
    const results = replayCorpus(corpus, armsFor([]), { env: {} });
    const report = aggregate(corpus, results);
    for (const [i, arm] of report.arms.entries()) {
      expect(arm.rows).toBe(i === 0 ? "built from deliveries" : "recorded");
      expect(results[i]!.rows.runs.length).toBe(corpus.calls.length);
      expect(arm.stats).toEqual(
        statsFigures(
          aggregateRuns(results[i]!.rows, spanWindow(arm.stats.window.since_ts, arm.stats.window.until_ts, arm.stats.window.label)),
        ),
      );
      // Calls that delivered nothing are outside the model-facing population, and the report counts them.
      const { population, totals } = arm.stats;
      expect({
        calls: population.rows + population.excluded_undelivered_rows,
        inputBytes: totals.input_bytes,
        deliveredBytes: totals.delivered_bytes,
      }).toEqual(arm.delivered);
    }
    expect(report.arms[0]!.stats.totals.input_bytes).toBe(report.corpus.bytes);
    expect(report.arms[2]!.stats.totals.delivered_bytes).toBeLessThan(report.arms[1]!.stats.totals.delivered_bytes);
  });

  test("rejects --all without --from-db, naming the fix", () => {
    sandbox = makeSandbox();
    const result = runOmni(["bench", "replay", "--all", SESSION], { env: sandbox.env });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("--from-db --all");
  });

  test("--from-db replays the user's model-facing traces, and --all adds terminal rows and says so", () => {
    sandbox = makeSandbox();
    const payloads = readFileSync(SESSION, "utf8").split("\n").slice(0, 3);
    for (const payload of payloads) runOmni(["--post-hook"], { env: sandbox.env, stdin: payload });
    // A person's run at a terminal (a TTY would record it so; without one, exec would say `unknown`).
    runOmni(["exec", "--agent", "terminal", "git", "--version"], { env: sandbox.env });
    const env = { ...sandbox.env, OMNI_BENCH_DB: sandbox.dbPath };
    const modelFacing = JSON.parse(runOmni(["bench", "replay", "--from-db", "--json"], { env }).stdout.toString());
    expect(modelFacing.corpus.calls).toBe(3);
    expect(Object.keys(modelFacing.corpus.excluded).join()).toContain("terminal rows");
    const all = JSON.parse(runOmni(["bench", "replay", "--from-db", "--all", "--json"], { env }).stdout.toString());
    expect(all.corpus.calls).toBe(4);
    expect(all.corpus.population).toContain("including terminal");
    expect(all.corpus.agentIds).toEqual({ claude_code: 3, terminal: 1 });
    const byEnv = JSON.parse(
      runOmni(["bench", "replay", "--from-db", "--json"], { env: { ...env, OMNI_BENCH_ALL: "1" } }).stdout.toString(),
    );
    expect(byEnv.corpus.calls).toBe(4);
  });

  test("adds a peer arm and a peer+ledger arm when a variable names a program", () => {
    sandbox = makeSandbox();
    const env = { ...sandbox.env, OMNI_BENCH_RTK: Bun.which("cat")! };
    const report = JSON.parse(runOmni(["bench", "replay", "--json", SESSION], { env }).stdout.toString());
    const ids = report.arms.map((arm: { id: string }) => arm.id);
    expect(ids).toEqual(["raw", "filters", "filters+ledger", "rtk", "rtk+ledger"]);
    // cat is the identity filter: its arm saves exactly nothing, over identical bytes in.
    const rtk = report.arms.find((arm: { id: string }) => arm.id === "rtk");
    expect(rtk.stats.totals.input_bytes).toBe(report.arms[0].stats.totals.input_bytes);
    expect(rtk.stats.totals.delivered_bytes).toBe(rtk.stats.totals.input_bytes);
  });

  test("a peer that cuts bytes is measured from the raw bytes in both its arms", () => {
    sandbox = makeSandbox();
    dir = mkdtempSync(join(tmpdir(), "omni-bench-test-"));
    const peer = join(dir, "first-lines");
    writeFileSync(peer, "#!/bin/sh\nexec head -n 3\n", { mode: 0o755 });
    const report = JSON.parse(
      runOmni(["bench", "replay", "--json", SESSION], { env: { ...sandbox.env, OMNI_BENCH_RTK: peer } }).stdout.toString(),
    );
    const arm = (id: string) => report.arms.find((a: { id: string }) => a.id === id).stats.totals;
    expect(arm("rtk").delivered_bytes).toBeLessThan(arm("raw").input_bytes / 2);
    // The peer+ledger arm's pipeline read the peer's output; its rows still start from the raw bytes.
    expect(arm("rtk").input_bytes).toBe(arm("raw").input_bytes);
    expect(arm("rtk+ledger").input_bytes).toBe(arm("raw").input_bytes);
    expect(arm("rtk+ledger").delivered_bytes).toBeLessThanOrEqual(arm("rtk").delivered_bytes);
  });
});
