import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { formatBytes } from "../../src/base/markers.ts";
import { statsReportSchema, type StatsReport } from "../../src/stats/schema.ts";
import { startDashboard, type RunningDashboard } from "../helpers/dashboard.ts";
import { join } from "node:path";
import { makeSandbox, runOmni, SHARED, type Sandbox } from "../helpers/sandbox.ts";
import { replaySession } from "../helpers/seed.ts";
import { allBlocks } from "../helpers/archive-rows.ts";

// The stats issue asked for this test: one set of rows, seeded through the real hook, and every
// report that reads them (stats --json, --share, the dashboard, bench replay --from-db) agreeing.
const SESSION = join(SHARED, "corpus/sessions/gen-ufo-trailing-slash-bugfix.jsonl");

let sandbox: Sandbox;
let dashboard: RunningDashboard | null = null;
afterEach(async () => {
  if (dashboard) await dashboard.interrupt();
  dashboard = null;
  sandbox?.cleanup();
});

/** The figures a report computes from rows; the window's clock-bound edges are not among them. */
function figures(report: Pick<StatsReport, "population" | "totals" | "routes" | "commands" | "distillers" | "passthrough_reasons">) {
  const { population, totals, routes, commands, distillers, passthrough_reasons } = report;
  return { population, totals, routes, commands, distillers, passthrough_reasons };
}

describe("every report reads the same aggregation", () => {
  test("omni stats --json, --share, the dashboard's /api/stats and omni bench replay --from-db agree on rows seeded through --post-hook", async () => {
    sandbox = makeSandbox();
    // This session has a failed test run and a Bash call whose stdout and stderr together pass the host cap.
    const fed = replaySession(sandbox, SESSION);
    runOmni(["exec", "--agent", "terminal", "git --version"], { env: sandbox.env });

    const stats = statsReportSchema.parse(JSON.parse(runOmni(["stats", "--json"], { env: sandbox.env }).stdout.toString()));
    const t = stats.totals;
    // Not vacuous: the session distilled and folded, and one terminal row is left out.
    expect(t.calls).toBeGreaterThan(20);
    expect(t.calls).toBeLessThanOrEqual(fed);
    expect(t.bytes_saved).toBeGreaterThan(0);
    expect(stats.routes.map((r) => r.route)).toContain("folded");
    expect(stats.population.excluded_terminal_rows).toBe(1);

    const share = runOmni(["stats", "--share"], { env: sandbox.env }).stdout.toString();
    expect(share).toContain(`${t.calls} model-facing calls`);
    expect(share).toContain(`Bytes: ${formatBytes(t.input_bytes)} in → ${formatBytes(t.delivered_bytes)} delivered`);
    expect(share).toContain(`Saved: ${t.saved_percent.toFixed(1)}% gross, ${t.net_saved_percent.toFixed(1)}% net`);
    expect(share).toContain(`Calls that saved nothing: ${t.calls_saved_nothing} of ${t.calls}`);
    expect(share).toContain(`Terminal rows excluded: ${stats.population.excluded_terminal_rows}.`);

    dashboard = await startDashboard(sandbox);
    const served = statsReportSchema.parse(await (await fetch(`${dashboard.url}/api/stats`)).json());
    expect(figures(served)).toEqual(figures(stats));

    const bench = runOmni(["bench", "replay", "--from-db", "--json"], { env: { ...sandbox.env, OMNI_BENCH_DB: sandbox.dbPath } });
    expect(bench.exitCode).toBe(0);
    const replay = JSON.parse(bench.stdout.toString());
    // The same population, and it says so.
    expect(replay.corpus.population).toContain("terminal excluded, as omni stats counts");
    expect(replay.corpus.calls).toBe(stats.population.rows + stats.population.excluded_undelivered_rows);
    expect(Object.values(replay.corpus.excluded)).toEqual([stats.population.excluded_terminal_rows]);
    // What omni stats says of the source rows, from the bench, field for field.
    expect(figures(replay.corpus.source)).toEqual(figures(stats));
    // Replaying those rows with filters and ledger reproduces them: same bytes, same routes, same net.
    const full = replay.arms.find((arm: { id: string }) => arm.id === "filters+ledger");
    expect(full.rows).toBe("recorded");
    // Terminal rows are never replayed (the corpus lists them as excluded, checked above), so the arm has none to exclude.
    expect(figures(full.stats)).toEqual(figures({ ...stats, population: { ...stats.population, excluded_terminal_rows: 0 } }));
  }, 120_000);

  test("every handle the hook printed gives back, through omni retrieve, exactly the bytes archived", () => {
    sandbox = makeSandbox();
    replaySession(sandbox);
    const db = new Database(sandbox.dbPath, { readonly: true });
    const blocks = allBlocks(db);
    db.close();
    expect(blocks.length).toBeGreaterThan(0);
    const mismatched = blocks.filter((block) => {
      const pulled = runOmni(["retrieve", block.hash], { env: sandbox.env });
      return pulled.exitCode !== 0 || pulled.stdout.toString() !== block.content;
    });
    expect(mismatched.map((block) => block.hash)).toEqual([]);
  }, 60_000);
});
