import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { fixtureTexts, linesOf, readPayload } from "../../src/bench/latency.ts";
import { MAX_ARCHIVE_BYTES, MAX_INPUT_BYTES } from "../../src/base/limits.ts";
import { peakRssBytes } from "../../src/platform/measure.ts";
import { putBlock } from "../../src/store/archive.ts";
import { openDatabase } from "../../src/store/db.ts";
import { recordRun } from "../../src/store/runs.ts";
import { makeSandbox, OMNI_EXE, REPO_ROOT, type Sandbox } from "../helpers/sandbox.ts";
import { isValidReply, runHook } from "./helpers.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const texts = fixtureTexts(join(REPO_ROOT, "test/fixtures"));
const MIB = 1024 * 1024;
/** A bare run of the executable peaks around 40 MiB. */
const BASELINE_RSS_BYTES = 64 * MIB;

test("a 20,000-line payload peaks within 2× the memory of a 20-line one", () => {
  sandbox = makeSandbox();
  const rss = (lines: number) =>
    peakRssBytes([OMNI_EXE, "--post-hook"], { env: sandbox.env, stdin: Buffer.from(readPayload(linesOf(texts, lines))) });
  const small = rss(20);
  const large = rss(20_000);
  if (small === null || large === null) return; // no GNU time on this machine
  console.log(`peak RSS: 20 lines ${(small / MIB).toFixed(1)} MiB, 20,000 lines ${(large / MIB).toFixed(1)} MiB`);
  expect(large).toBeLessThan(small * 2);
});

test("a 50 MB payload is handed back untouched by the hook and by pipe, exit 0, with a peak bounded by the input ceiling", () => {
  sandbox = makeSandbox();
  const text = "y".repeat(50 * MIB);
  for (const [args, body] of [
    [["--post-hook"], Buffer.from(readPayload(text))],
    [["--cmd", "cargo build"], Buffer.from(text)],
  ] as const) {
    const run = Bun.spawnSync([OMNI_EXE, ...args], { env: sandbox.env, stdin: body, stdout: "pipe" });
    expect(run.exitCode).toBe(0);
    expect(Buffer.from(run.stdout).length).toBe(args[0] === "--post-hook" ? 0 : body.length);
    const rss = peakRssBytes([OMNI_EXE, ...args], { env: sandbox.env, stdin: body });
    if (rss === null) continue;
    console.log(`peak RSS for a 50 MB payload (${args[0]}): ${(rss / MIB).toFixed(1)} MiB`);
    // Past the 16 MiB input ceiling nothing is held whole: the peak is bounded by the ceiling, not the input.
    expect(rss).toBeLessThan(BASELINE_RSS_BYTES + 4 * MAX_INPUT_BYTES);
  }
}, 60_000);

test("archives big blocks whole but packed, never over the per-block cap", async () => {
  sandbox = makeSandbox();
  const big = linesOf(texts, 8_000);
  expect(big.length).toBeGreaterThan(65_536);
  // The same reader reads it twice: the re-read folds, and the fold archives the block.
  for (const session of ["a", "a"]) await runHook(readPayload(big, session), sandbox.env);
  const db = new Database(sandbox.dbPath, { readonly: true });
  try {
    const row = db
      .query(
        "SELECT COALESCE(MAX(bytes), 0) AS plain, COALESCE(MAX(length(packed)), 0) AS stored, COALESCE(MAX(length(CAST(content AS BLOB))), 0) AS text FROM rewind_store",
      )
      .get() as { plain: number; stored: number; text: number };
    expect(row.plain).toBeLessThanOrEqual(MAX_ARCHIVE_BYTES);
    expect(row.stored).toBeLessThan(row.plain);
    expect(row.text).toBe(0);
  } finally {
    db.close();
  }
});

test("a retention prune running alongside never blocks a hook", async () => {
  sandbox = makeSandbox({ OMNI_HOOK_DEADLINE_MS: "1000" });
  const db = openDatabase(sandbox.dbPath);
  const old = Math.floor(Date.now() / 1000) - 60 * 86_400;
  db.transaction(() => {
    for (let i = 0; i < 20_000; i++) {
      const raw = `${texts[i % texts.length]} #${i}`;
      putBlock(db, `h${i}`, raw, raw.length, old);
      recordRun(db, {
        ts: old,
        sessionId: "s",
        agentId: "a",
        entry: "hook",
        tool: "Bash",
        command: "c",
        label: "c",
        distiller: null,
        route: "passthrough",
        reason: "r",
        inputBytes: 1,
        outputBytes: 1,
        deliveredBytes: 1,
        latencyMs: 1,
        handle: null,
        projectPath: null,
        exitCode: 0,
        raw,
        delivered: raw,
      });
    }
  })();
  db.close();
  const script = `import { openDatabase } from "${REPO_ROOT}/src/store/db.ts"; import { pruneExpired } from "${REPO_ROOT}/src/store/retention.ts";
    const db = openDatabase(process.argv[1]); const r = pruneExpired(db, Math.floor(Date.now() / 1000), 7); db.close(); console.log(JSON.stringify(r.deleted));`;
  const prune = Bun.spawn([process.execPath, "-e", script, sandbox.dbPath], { stdout: "pipe", stderr: "pipe" });
  const payload = readPayload(linesOf(texts, 400), "during-prune");
  const hooks: Array<{ ms: number; exitCode: number; stdout: string }> = [];
  while (prune.exitCode === null && hooks.length < 200) {
    const started = performance.now();
    const ran = await runHook(payload, sandbox.env);
    hooks.push({ ms: performance.now() - started, ...ran });
  }
  await prune.exited;
  expect(prune.exitCode).toBe(0);
  expect(JSON.parse(await new Response(prune.stdout).text()).distillations).toBe(20_000);
  expect(hooks.length).toBeGreaterThan(0);
  expect(hooks.filter((h) => h.exitCode !== 0 || !isValidReply(h.stdout))).toEqual([]);
  // A hook's own deadline is 1 s; waiting on the prune's lock would show up as a stall past it.
  expect(Math.max(...hooks.map((h) => h.ms))).toBeLessThan(1_000);
}, 120_000);
