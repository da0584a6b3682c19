/**
 * Run a fixture through the WHOLE pipeline (real temp store, so the archive marker is real) and
 * compare what is delivered against a plain-text snapshot next to the fixture.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPipeline, type PipelineResult } from "../../src/core/pipeline.ts";
import { openDatabase } from "../../src/store/db.ts";
import { createPipelineStore } from "../../src/store/index.ts";
import { FIXTURES_DIR, loadFixtures, type Fixture } from "./fixtures.ts";

/** A fixed clock: handles are content addresses, so the delivered bytes do not depend on time. */
const FIXED_CLOCK = { now: () => 1_780_000_000_000 };

/** The host tool that produced a fixture (`Read`, `Grep`), from its sidecar; Bash otherwise. */
export function toolOf(fixture: Fixture): string {
  const meta = JSON.parse(readFileSync(join(FIXTURES_DIR, fixture.family, `${fixture.name}.meta.json`), "utf8")) as { tool?: string };
  return meta.tool ?? "Bash";
}

export function runFixture(fixture: Fixture): PipelineResult {
  const dir = mkdtempSync(join(tmpdir(), "omni-fixture-"));
  const db = openDatabase(join(dir, "omni.db"));
  try {
    const tool = toolOf(fixture);
    return runPipeline(
      {
        text: fixture.text,
        command: fixture.command,
        tool,
        entry: tool === "Bash" ? "exec" : "hook",
        failed: fixture.exitCode !== null && fixture.exitCode !== 0,
        exitCode: fixture.exitCode,
        agentId: "test",
      },
      { store: createPipelineStore(db), clock: FIXED_CLOCK },
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function snapshotPath(fixture: Fixture): string {
  return join(FIXTURES_DIR, fixture.family, `${fixture.name}.out.txt`);
}

/** The stored snapshot, written first when missing or when UPDATE_SNAPSHOTS=1. */
export function snapshotFor(fixture: Fixture, delivered: string): string {
  const path = snapshotPath(fixture);
  if (process.env.UPDATE_SNAPSHOTS === "1" || !existsSync(path)) writeFileSync(path, delivered);
  return readFileSync(path, "utf8");
}

/** Percent of bytes saved, to one decimal, as the bench table prints it. */
export function savedPercent(result: PipelineResult): number {
  return result.bytesIn === 0 ? 0 : Math.round((1 - result.bytesOut / result.bytesIn) * 1000) / 10;
}

/** One test per fixture of a family: every must-keep survives and the delivered bytes match the snapshot. */
export function testFixturesThroughPipeline(family: string): void {
  describe(`${family} fixtures through the whole pipeline`, () => {
    for (const fixture of loadFixtures(family)) {
      test(`${fixture.name}: keeps every must-keep and matches its snapshot`, () => {
        const result = runFixture(fixture);
        const missing = fixture.mustKeep.filter((needle) => !result.delivered.includes(needle));
        expect(missing).toEqual([]);
        expect(result.delivered).toBe(snapshotFor(fixture, result.delivered));
      });
    }
  });
}

export function fixture(family: string, name: string): Fixture {
  const found = loadFixtures(family).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no fixture ${family}/${name}`);
  return found;
}
