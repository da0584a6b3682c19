/**
 * Runs one fixture through the whole pipeline, as `omni exec` would, with a real store in a
 * temp HOME: what the reader gets includes the marker and its handle.
 */
import { runPipeline } from "../../src/core/pipeline.ts";
import { openDatabase } from "../../src/store/db.ts";
import { createPipelineStore } from "../../src/store/index.ts";
import type { Fixture } from "./fixtures.ts";
import { makeSandbox } from "./sandbox.ts";

/** Fixed so that a snapshot never depends on when it was taken. */
const FIXED_NOW_MS = 1_780_000_000_000;

export function runFixture(fixture: Fixture): { delivered: string; bytesIn: number; bytesOut: number } {
  const sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  try {
    const result = runPipeline(
      {
        text: fixture.text,
        command: fixture.command,
        entry: "exec",
        failed: fixture.exitCode !== null && fixture.exitCode !== 0,
        exitCode: fixture.exitCode,
        agentId: "terminal",
      },
      { store: createPipelineStore(db), clock: { now: () => FIXED_NOW_MS } },
    );
    return { delivered: result.delivered, bytesIn: result.bytesIn, bytesOut: result.bytesOut };
  } finally {
    db.close();
    sandbox.cleanup();
  }
}
