import { afterEach, describe, expect, test } from "bun:test";
import { formatBytes } from "../../src/base/markers.ts";
import { statsReportSchema, type StatsReport } from "../../src/stats/schema.ts";
import { startDashboard, type RunningDashboard } from "../helpers/dashboard.ts";
import { makeSandbox, OMNI_EXE, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { countWithSql, seedMixedHistory } from "../helpers/seed.ts";

let sandbox: Sandbox;
let dashboard: RunningDashboard | null = null;
afterEach(async () => {
  if (dashboard) await dashboard.interrupt();
  dashboard = null;
  sandbox?.cleanup();
});

const SEED_TIMEOUT_MS = 60_000;

function statsJson(args: string[] = []): StatsReport {
  const result = runOmni(["stats", "--json", ...args], { env: sandbox.env });
  expect(result.exitCode).toBe(0);
  return statsReportSchema.parse(JSON.parse(result.stdout.toString()));
}

function percent(part: number, whole: number): string {
  return `${(Math.round((1000 * part) / whole) / 10).toFixed(1)}%`;
}

/** Window timestamps move with the clock between two processes; every figure must not. */
function withoutClock(report: StatsReport): unknown {
  return {
    ...report,
    window: { ...report.window, since_ts: 0, until_ts: 0 },
    timeline: { ...report.timeline, buckets: report.timeline.buckets.filter((b) => b.calls > 0) },
  };
}

describe("omni stats", () => {
  test(
    "reports the counts SQL gives for the same rows, in the report, --json, --share and the dashboard",
    async () => {
      sandbox = makeSandbox();
      seedMixedHistory(sandbox);
      const sql = countWithSql(sandbox.dbPath);
      expect(sql.calls).toBeGreaterThan(20);

      const json = statsJson();
      expect(json.totals.calls).toBe(sql.calls);
      expect(json.totals.input_bytes).toBe(sql.inputBytes);
      expect(json.totals.delivered_bytes).toBe(sql.deliveredBytes);
      expect(json.totals.bytes_saved).toBe(sql.inputBytes - sql.deliveredBytes);
      expect(json.totals.baseline_bytes).toBe(sql.baselineBytes);
      expect(json.totals.calls_saved_nothing).toBe(sql.savedNothing);
      expect(json.totals.retrieval_bytes).toBe(sql.retrievalBytes);
      expect(json.totals.retrievals).toBe(1);
      expect(json.population.excluded_terminal_rows).toBe(sql.terminalRows);
      expect(Object.fromEntries(json.routes.map((r) => [r.route, r.calls]))).toEqual(sql.routes);
      expect(Object.fromEntries(json.passthrough_reasons.map((r) => [r.reason, r.calls]))).toEqual(sql.reasons);
      expect(json.session_lifetime).toEqual({
        measurable: true,
        closed_sessions: 3,
        median_commands: 12,
        longest_commands: 30,
        ended_at_compaction: 2,
      });

      const text = runOmni(["stats"], { env: sandbox.env }).stdout.toString();
      expect(text).toContain(`population: model-facing, ${sql.calls} rows (${sql.terminalRows} terminal rows excluded`);
      expect(text).toContain(`${formatBytes(sql.inputBytes)} → ${formatBytes(sql.deliveredBytes)} over ${sql.calls} calls`);
      expect(text).toContain(
        `(${percent(sql.inputBytes - sql.deliveredBytes, sql.inputBytes)}) | ${formatBytes(json.totals.net_bytes_saved)} (${json.totals.net_saved_percent.toFixed(1)}%)`,
      );
      expect(text).toContain(`${sql.savedNothing} of ${sql.calls} (${percent(sql.savedNothing, sql.calls)})`);
      expect(text).toContain("median 12 commands · longest 30 · 3 sessions closed, 2 at compaction");

      const share = runOmni(["stats", "--share"], { env: sandbox.env }).stdout.toString();
      expect(share).toContain(`${sql.calls} model-facing calls`);
      expect(share).toContain(`Bytes: ${formatBytes(sql.inputBytes)} in → ${formatBytes(sql.deliveredBytes)} delivered`);
      expect(share).toContain(
        `Saved: ${percent(sql.inputBytes - sql.deliveredBytes, sql.inputBytes)} gross, ${json.totals.net_saved_percent.toFixed(1)}% net`,
      );
      expect(share).toContain(`Terminal rows excluded: ${sql.terminalRows}.`);

      dashboard = await startDashboard(sandbox);
      const served = statsReportSchema.parse(await (await fetch(`${dashboard.url}/api/stats`)).json());
      expect(withoutClock(served)).toEqual(withoutClock(json));
    },
    SEED_TIMEOUT_MS,
  );

  test(
    "excludes terminal rows: a TTY-only history has no model-facing calls",
    () => {
      sandbox = makeSandbox();
      runOmni(["exec", "--agent", "terminal", "git --version"], { env: sandbox.env });
      const json = statsJson();
      expect(json.totals.calls).toBe(0);
      expect(json.population.excluded_terminal_rows).toBe(1);
      const text = runOmni(["stats"], { env: sandbox.env }).stdout.toString();
      expect(text).toContain("not measurable yet");
      expect(text).toContain("excluded: no model read these");
    },
    SEED_TIMEOUT_MS,
  );

  test(
    "fits 80 columns in every text form and prints colour only on a TTY",
    () => {
      sandbox = makeSandbox();
      seedMixedHistory(sandbox);
      for (const args of [[], ["--detail", "--all-commands", "--project"], ["--rerun"], ["--context"], ["--share"], ["--week"], ["-H"]]) {
        const out = runOmni(["stats", ...args], { env: sandbox.env }).stdout.toString();
        expect(out).not.toContain("\u001b[");
        for (const line of out.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
      }
    },
    SEED_TIMEOUT_MS,
  );

  test("colours a TTY unless NO_COLOR is set, even when empty", () => {
    sandbox = makeSandbox();
    // `script` gives the child a pseudo-terminal, the only way to be a TTY from a test.
    const onTty = (env: string) =>
      Bun.spawnSync(
        ["script", "-qec", `env ${env} HOME=${sandbox.home} OMNI_DB_PATH=${sandbox.dbPath} ${OMNI_EXE} stats --hour`, "/dev/null"],
        { env: { PATH: sandbox.env.PATH! } },
      ).stdout.toString();
    expect(onTty("")).toContain("\u001b[1mOMNI Signal Report");
    expect(onTty("NO_COLOR=")).not.toContain("\u001b[");
  });

  test("rejects a port that is not a port and an argument without --card", () => {
    sandbox = makeSandbox();
    const port = runOmni(["dashboard", "--port", "http"], { env: sandbox.env });
    expect(port.exitCode).toBe(1);
    expect(port.stderr).toContain("--port takes a number from 0 to 65535");
    const stray = runOmni(["stats", "card.png"], { env: sandbox.env });
    expect(stray.exitCode).toBe(1);
    expect(stray.stderr).toContain("only --card takes a file name");
  });

  test("narrows the window with --hour and rejects two windows at once", () => {
    sandbox = makeSandbox();
    expect(statsJson(["--hour"]).window).toMatchObject({ name: "hour", label: "last hour" });
    expect(statsJson(["-d"]).window.name).toBe("day");
    // One report, so the clock cannot tick between the two ends of the window.
    const today = statsJson(["--today"]).window;
    expect(today.until_ts - today.since_ts).toBe(86_400);
    const both = runOmni(["stats", "--week", "--hour"], { env: sandbox.env });
    expect(both.exitCode).toBe(1);
    expect(both.stderr).toContain("pick one window");
    const typo = runOmni(["stats", "--detial"], { env: sandbox.env });
    expect(typo.exitCode).toBe(1);
    expect(typo.stderr).toContain("did you mean `--detail`?");
  });
});
