/** Run a captured output through the whole pipeline, the way a host would see it, against a real temp store. */
import { runPipeline, type PipelineResult } from "../../src/core/pipeline.ts";
import { byteLength } from "../../src/core/lines.ts";
import { openDatabase } from "../../src/store/db.ts";
import { createPipelineStore } from "../../src/store/index.ts";
import type { Fixture } from "./fixtures.ts";
import { makeSandbox } from "./sandbox.ts";

/** Fixed so that snapshots do not depend on the time they were taken. */
const FIXED_NOW_MS = 1_780_000_000_000;

export interface FixtureRun {
  result: PipelineResult;
  /** Share of the raw bytes the reader no longer receives, marker included (0–100). */
  savedPercent: number;
}

export function runFixture(fixture: Pick<Fixture, "text" | "command" | "exitCode">): FixtureRun {
  const sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  try {
    const result = runPipeline(
      {
        text: fixture.text,
        command: fixture.command,
        entry: "pipe",
        failed: fixture.exitCode !== null && fixture.exitCode !== 0,
        exitCode: fixture.exitCode,
        agentId: "fixture",
      },
      { store: createPipelineStore(db), clock: { now: () => FIXED_NOW_MS } },
    );
    return { result, savedPercent: percentSaved(byteLength(fixture.text), byteLength(result.delivered)) };
  } finally {
    db.close();
    sandbox.cleanup();
  }
}

export function percentSaved(bytesIn: number, bytesOut: number): number {
  return bytesIn === 0 ? 0 : (100 * (bytesIn - bytesOut)) / bytesIn;
}
