/**
 * Every fixture of every family that has a distiller of the same id runs through the whole
 * pipeline (real temp store, markers included). The delivered text is compared with the
 * plain-text snapshot next to the fixture (`<case>.out.txt`), and every must-keep string must
 * survive. A passthrough pins its bytes too: the reader gets the raw input exactly. Locally a
 * missing snapshot is written; under CI it fails, naming the command that records it.
 * `UPDATE_SNAPSHOTS=1` rewrites them all.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DistillerId } from "../../src/core/route.ts";
import { distillers } from "../../src/distillers/index.ts";
import { FIXTURES_DIR, loadFixtures, type Fixture } from "../helpers/fixtures.ts";
import type { PipelineResult } from "../../src/core/pipeline-types.ts";
import { runFixture, savedPercent } from "../helpers/pipeline-run.ts";
import { hostView } from "../helpers/host-view.ts";
import { ensureSnapshot } from "../helpers/snapshot.ts";

/** What the snapshot file holds: a one-line header, then the delivered text unless it is the raw input. */
function snapshotOf(fixture: Fixture, result: PipelineResult): string {
  const how = result.route === "passthrough" ? `passthrough (${result.reason})` : `${result.route} by ${result.distiller}`;
  const header = `# ${fixture.command} → ${how}: ${result.bytesIn} → ${result.bytesOut} bytes, ${savedPercent(result).toFixed(1)}% saved\n`;
  const behind = behindTheHandle(fixture, result);
  const pinned = behind.length > 0 ? `# behind the handle, as in the host's own cut: ${JSON.stringify(behind)}\n` : "";
  return result.changed ? header + pinned + result.delivered : header;
}

/** Must-keep facts a cut left behind its handle (only a `cut` reply may have any). */
function behindTheHandle(fixture: Fixture, result: PipelineResult): string[] {
  return fixture.mustKeep.filter((needle) => !result.delivered.includes(needle));
}

const families = [...new Set(loadFixtures().map((f) => f.family))].filter((family) => family in distillers);

for (const family of families) {
  describe(`${family} fixtures through the pipeline`, () => {
    // The held-out half is measured by `bun run bench:distillers`, never snapshotted while tuning.
    for (const fixture of loadFixtures(family).filter((candidate) => !candidate.holdout)) {
      test(`${fixture.name} matches its snapshot and keeps every must-keep line`, () => {
        const result = runFixture(fixture);
        if (result.route === "cut") {
          // Output no stage changed, cut under the host's view by omni instead of by the host: it
          // shows every fact the host's own cut of the raw output would show, and what it cannot
          // fit is behind the handle and named in the snapshot.
          const hostSees = hostView(fixture.text, fixture.exitCode !== null && fixture.exitCode !== 0);
          for (const needle of fixture.mustKeep.filter((n) => hostSees.includes(n))) expect(result.delivered).toContain(needle);
        } else for (const needle of fixture.mustKeep) expect(result.delivered).toContain(needle);
        // The snapshot of a passthrough holds only its header: the delivered bytes are pinned here.
        if (result.route === "passthrough") expect(result.delivered).toBe(fixture.text);
        const path = join(FIXTURES_DIR, family, `${fixture.name}.out.txt`);
        const actual = snapshotOf(fixture, result);
        ensureSnapshot(path, actual);
        expect(actual).toBe(readFileSync(path, "utf8"));
      });
    }
  });
}

test("runs at least one family (the registry and the fixture folders share ids)", () => {
  expect(families.length).toBeGreaterThan(0);
  for (const family of families) expect(distillers[family as DistillerId]).toBeDefined();
});

test("a missing snapshot fails under CI, saying how to record it; locally it is written", () => {
  const dir = mkdtempSync(join(tmpdir(), "omni-snapshot-"));
  try {
    const path = join(dir, "case.out.txt");
    expect(() => ensureSnapshot(path, "header\n", { CI: "true" })).toThrow("UPDATE_SNAPSHOTS=1 bun test test/distillers/snapshots.test.ts");
    expect(existsSync(path)).toBe(false);
    ensureSnapshot(path, "header\n", { CI: "true", UPDATE_SNAPSHOTS: "1" });
    expect(readFileSync(path, "utf8")).toBe("header\n");
    rmSync(path);
    for (const local of [{}, { CI: "" }, { CI: "0" }, { CI: "false" }]) {
      ensureSnapshot(path, "header\n", local);
      expect(readFileSync(path, "utf8")).toBe("header\n");
      rmSync(path);
    }
    ensureSnapshot(path, "first\n", {});
    ensureSnapshot(path, "second\n", { CI: "true" });
    expect(readFileSync(path, "utf8")).toBe("first\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
