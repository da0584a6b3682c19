import { describe, expect, test } from "bun:test";
import { aggregateRuns } from "../../src/stats/aggregate.ts";
import type { RetrievalRow, RunRow, SessionCloseRow } from "../../src/store/rows.ts";
import { statsReportSchema } from "../../src/stats/schema.ts";
import { statsWindow } from "../../src/stats/window.ts";

const NOW = 1_800_000_000;
const WINDOW = statsWindow("month", NOW);
let nextId = 1;

function run(fields: Partial<RunRow>): RunRow {
  const inputBytes = fields.inputBytes ?? 1_000;
  return {
    id: nextId++,
    ts: NOW - 3_600,
    sessionId: "s1",
    agentId: "claude_code",
    entry: "hook",
    tool: "Bash",
    command: "git status",
    label: "git",
    distiller: "git",
    route: "distilled",
    reason: null,
    inputBytes,
    outputBytes: fields.deliveredBytes ?? 400,
    deliveredBytes: 400,
    latencyMs: 2,
    handle: null,
    projectPath: "/p",
    exitCode: 0,
    footer: "none",
    ...fields,
  };
}

function report(runs: RunRow[], retrievals: RetrievalRow[] = [], sessionCloses: SessionCloseRow[] = []) {
  const result = aggregateRuns({ runs, retrievals, sessionCloses }, WINDOW);
  statsReportSchema.parse(result);
  return result;
}

describe("aggregateRuns", () => {
  test("excludes terminal rows from every model-facing figure and says how many", () => {
    const r = report([run({}), run({ agentId: "terminal", inputBytes: 90_000, deliveredBytes: 100 })]);
    expect(r.totals.calls).toBe(1);
    expect(r.totals.input_bytes).toBe(1_000);
    expect(r.population.excluded_terminal_rows).toBe(1);
    expect(r.agents.find((a) => a.agent_id === "terminal")?.model_facing).toBe(false);
  });

  test("does not claim bytes beyond Claude Code's 30,000-byte Bash cap as saved", () => {
    const r = report([run({ inputBytes: 100_000, deliveredBytes: 10_000 })]);
    expect(r.totals.bytes_saved).toBe(90_000);
    expect(r.totals.baseline_bytes).toBe(30_000);
    expect(r.totals.beyond_host_cap_bytes).toBe(70_000);
    expect(r.totals.net_bytes_saved).toBe(20_000);
  });

  test("nets zero for a passthrough past the host cap: the host cut it, not omni", () => {
    const r = report([run({ route: "passthrough", inputBytes: 100_000, deliveredBytes: 100_000 })]);
    expect(r.totals.bytes_saved).toBe(0);
    expect(r.totals.net_bytes_saved).toBe(0);
  });

  test("counts omni's own cut under the host's view as a shortened run, netted against the host's cap", () => {
    const r = report([run({ route: "cut", inputBytes: 100_000, deliveredBytes: 10_000 })]);
    expect(r.totals.net_bytes_saved).toBe(20_000);
    expect(r.distillers.map((d) => d.calls)).toEqual([1]);
  });

  test("counts an output that grew as a negative saving", () => {
    const r = report([run({ inputBytes: 300, deliveredBytes: 360 })]);
    expect(r.totals.net_bytes_saved).toBe(-60);
    expect(r.totals.calls_grew).toBe(1);
    expect(r.totals.calls_saved_nothing).toBe(1);
  });

  test("charges an exec footer the reader also read as a cost", () => {
    const r = report([run({ entry: "exec", tool: null, agentId: "codex_cli", inputBytes: 10_000, deliveredBytes: 1_000, footer: "text" })]);
    expect(r.totals.footer_bytes).toBe(Buffer.byteLength("[OMNI Active] ⏺ 90.0% reduction (9.8 KB → 1000 B) 2ms\n"));
    expect(r.totals.net_bytes_saved).toBe(9_000 - r.totals.footer_bytes);
  });

  test("charges the JSON footer by its own size, and nothing for a run that printed none", () => {
    const json = report([
      run({ entry: "exec", tool: null, inputBytes: 10_000, deliveredBytes: 1_000, handle: "abcdef0123456789", footer: "json" }),
    ]);
    expect(json.totals.footer_bytes).toBe(Buffer.byteLength('{"route":"distilled","hash":"abcdef0123456789","bytes_saved":9000}\n'));
    const quiet = report([run({ entry: "exec", tool: null, inputBytes: 10_000, deliveredBytes: 1_000, footer: "none" })]);
    expect(quiet.totals.footer_bytes).toBe(0);
    expect(quiet.totals.net_bytes_saved).toBe(9_000);
  });

  test("assumes the text footer on exec rows recorded before footers were", () => {
    const legacy = report([run({ entry: "pipe", tool: null, inputBytes: 10_000, deliveredBytes: 1_000, footer: null })]);
    expect(legacy.totals.footer_bytes).toBeGreaterThan(40);
  });

  test("charges a retrieval back to the distiller whose handle it pulled", () => {
    const origin = run({ handle: "abcdef0123456789", distiller: "build", inputBytes: 5_000, deliveredBytes: 500 });
    const r = report([origin], [{ hash: "abcdef0123456789", ts: origin.ts + 60, agentId: "claude_code", bytes: 5_000 }]);
    expect(r.totals.retrieval_bytes).toBe(5_000);
    expect(r.totals.net_bytes_saved).toBe(-500);
    expect(r.distillers[0]).toMatchObject({ distiller: "build", bytes_saved: 4_500, charged_back_bytes: 5_000, net_bytes_saved: -500 });
  });

  test("charges a same-family re-run within 300 s to the distillation before it, not one at 301 s", () => {
    const first = run({ command: "git status", inputBytes: 2_000, deliveredBytes: 200 });
    const within = run({ command: "git status -s", ts: first.ts + 300, route: "passthrough", inputBytes: 150, deliveredBytes: 150 });
    const second = run({ command: "git status", ts: within.ts + 1_000, inputBytes: 2_000, deliveredBytes: 200 });
    const late = run({ command: "git status", ts: second.ts + 301, route: "passthrough", inputBytes: 170, deliveredBytes: 170 });
    const r = report([first, within, second, late]);
    expect(r.totals.reruns).toBe(1);
    expect(r.totals.rerun_bytes).toBe(150);
    expect(r.distillers[0]!.charged_back_bytes).toBe(150);
  });

  test("gives a re-run verdict only with 8 runs per arm and flags arms whose sizes differ over 3x", () => {
    const rows: RunRow[] = [];
    for (let i = 0; i < 8; i++) {
      rows.push(
        run({ ts: NOW - 100_000 + i * 1_000, command: `make t${i}`, distiller: "build", inputBytes: 10_000, deliveredBytes: 1_000 }),
      );
      rows.push(
        run({
          ts: NOW - 50_000 + i * 1_000,
          command: `make u${i}`,
          distiller: "build",
          route: "passthrough",
          inputBytes: 1_000,
          deliveredBytes: 1_000,
        }),
      );
    }
    const full = report(rows).rerun.distillers.find((d) => d.distiller === "build")!;
    expect(full.enough_samples).toBe(true);
    expect(full.confound).toBe(true);
    const short = report(rows.slice(1)).rerun.distillers.find((d) => d.distiller === "build")!;
    expect(short.enough_samples).toBe(false);
  });

  test("reads session lifetime from closed sessions only, with compaction counted", () => {
    expect(report([run({})]).session_lifetime.measurable).toBe(false);
    const closes: SessionCloseRow[] = [
      { sessionId: "a", endedAt: NOW - 10, agentId: "claude_code", totalCommands: 10, exitReason: "compaction" },
      { sessionId: "b", endedAt: NOW - 10, agentId: "claude_code", totalCommands: 40, exitReason: "other" },
      { sessionId: "s1", endedAt: NOW - 10, agentId: "claude_code", totalCommands: null, exitReason: "clear" },
    ];
    const life = report([run({}), run({})], [], closes).session_lifetime;
    expect(life).toEqual({ measurable: true, closed_sessions: 3, median_commands: 10, longest_commands: 40, ended_at_compaction: 1 });
  });

  test("puts each run in its day's bucket and sums net savings over time to the total", () => {
    const r = report([run({ ts: NOW - 86_400 * 3 }), run({ ts: NOW - 10, inputBytes: 2_000, deliveredBytes: 100 })]);
    expect(r.timeline.bucket_seconds).toBe(86_400);
    expect(r.timeline.buckets.filter((b) => b.calls > 0)).toHaveLength(2);
    expect(r.timeline.buckets.reduce((n, b) => n + b.net_bytes_saved, 0)).toBe(r.totals.net_bytes_saved);
  });
});
