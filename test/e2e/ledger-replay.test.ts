import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { RULES } from "../../src/bench/audit.ts";
import { makeSandbox, runOmni, SHARED } from "../helpers/sandbox.ts";

const sandbox = makeSandbox();
afterAll(() => sandbox.cleanup());

interface ArmJson {
  id: string;
  audit: {
    counts: Record<string, number>;
    totals: { sessionMarkers: number; projectMarkers: number; unverified: number };
    findings: string[];
  } | null;
  invalidReplies: number;
  stats: { totals: { input_bytes: number; delivered_bytes: number } };
  ceiling: Array<{ callClass: string; ceilingBytes: number; foldedBytes: number }> | null;
}

let arms: ArmJson[];
let failures: number;
let sessions: number;

// The ledger's own benchmark is `omni bench replay`: the built executable, every session in order.
describe("ledger over the recorded sessions, through the built executable", () => {
  test("replays every session", () => {
    const result = runOmni(["bench", "replay", "--json", join(SHARED, "corpus/sessions")], { env: sandbox.env });
    const report = JSON.parse(result.stdout.toString());
    ({ arms, failures } = report);
    sessions = report.corpus.sessions;
    expect(sessions).toBe(13);
    const ledger = arms.find((arm) => arm.id === "filters+ledger")!;
    // Not vacuous: folds happen on this corpus, and they save bytes over the filters alone. Only
    // "already shown" ones: a reader is never handed another reader's lines as a marker.
    expect(ledger.audit!.totals.sessionMarkers).toBeGreaterThan(0);
    expect(ledger.audit!.totals.projectMarkers).toBe(0);
    expect(ledger.stats.totals.delivered_bytes).toBeLessThan(arms.find((arm) => arm.id === "filters")!.stats.totals.delivered_bytes);
    expect(result.exitCode).toBe(0);
  }, 120_000);

  test("folds at least 70% of the repetition ceiling: the bytes that are lines the same reader was already shown", () => {
    const rows = arms.find((arm) => arm.id === "filters+ledger")!.ceiling!;
    const ceiling = rows.reduce((sum, row) => sum + row.ceilingBytes, 0);
    const folded = rows.reduce((sum, row) => sum + row.foldedBytes, 0);
    expect(ceiling).toBeGreaterThan(100_000);
    expect(folded / ceiling).toBeGreaterThanOrEqual(0.7);
    // File reads are most of it, and most of what folds.
    const reads = rows.find((row) => row.callClass === "file read")!;
    expect(reads.foldedBytes / reads.ceilingBytes).toBeGreaterThanOrEqual(0.7);
  });

  test("never claims a reader was shown a line it was not, folds no failure, changes no structured payload, grows no reply", () => {
    for (const arm of arms.filter((a) => a.audit !== null)) {
      expect(arm.audit!.findings).toEqual([]);
      expect(arm.audit!.counts).toEqual(Object.fromEntries(RULES.map((rule) => [rule, 0])));
      expect(arm.audit!.totals.unverified).toBe(0);
      expect(arm.invalidReplies).toBe(0);
    }
    expect(failures).toBe(0);
  });
});
