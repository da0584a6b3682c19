/**
 * Run a fixture through the WHOLE pipeline (real temp store, so the archive marker is real), as
 * the host tool that produced it would: the one runner every fixture test and bench table uses.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPipeline } from "../../src/core/pipeline.ts";
import { viewCap } from "../../src/runtime/deliver.ts";
import type { PipelineRequest, PipelineResult } from "../../src/core/pipeline-types.ts";
import { openDatabase } from "../../src/store/db.ts";
import { createPipelineStore } from "../../src/store/index.ts";
import { loadFixtures, type Fixture } from "./fixtures.ts";

/** A fixed clock: handles are content addresses, so the delivered bytes do not depend on time. */
const FIXED_CLOCK = { now: () => 1_780_000_000_000 };

/**
 * A Bash fixture runs as `omni exec` under Claude Code would: cut under the host's view, so what
 * the snapshot and the bench hold is what the model reads. `extra` sets request fields a fixture
 * does not carry (a loop's emphasis, say).
 */
export function runFixture(fixture: Fixture, extra: Partial<PipelineRequest> = {}): PipelineResult {
  const dir = mkdtempSync(join(tmpdir(), "omni-fixture-"));
  const db = openDatabase(join(dir, "omni.db"));
  try {
    const tool = fixture.tool;
    return runPipeline(
      {
        text: fixture.text,
        command: fixture.command,
        tool,
        entry: tool === "Bash" ? "exec" : "hook",
        failed: fixture.exitCode !== null && fixture.exitCode !== 0,
        exitCode: fixture.exitCode,
        agentId: "test",
        ...(tool === "Bash" ? viewCap("claude_code", fixture.exitCode !== null && fixture.exitCode !== 0) : {}),
        ...extra,
      },
      { store: createPipelineStore(db), clock: FIXED_CLOCK },
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Percent of bytes saved, to one decimal, as the bench tables print it. */
export function savedPercent(result: PipelineResult): number {
  return percentSaved(result.bytesIn, result.bytesOut);
}

export function percentSaved(bytesIn: number, bytesOut: number): number {
  return bytesIn === 0 ? 0 : Math.round((1 - bytesOut / bytesIn) * 1000) / 10;
}

export function fixture(family: string, name: string): Fixture {
  const found = loadFixtures(family).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no fixture ${family}/${name}`);
  return found;
}
