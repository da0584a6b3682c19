/** Through the whole pipeline: past 2 MB the pre-trim marker carries the handle of the whole input. */
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPipeline } from "../../src/core/pipeline.ts";
import { getBlock } from "../../src/store/archive.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { createPipelineStore } from "../../src/store/index.ts";

let dir: string;
let db: Db;
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test("every marker in an over-2 MB reply names a handle, and the handle gives the whole input back", () => {
  dir = mkdtempSync(join(tmpdir(), "omni-enormous-"));
  db = openDatabase(join(dir, "omni.db"));
  const text = `${Array.from({ length: 60_000 }, (_, i) => `   Compiling crate-${i % 900} v1.0.${i} (registry+https://github.com/rust-lang/crates.io-index)`).join("\n")}\n    Finished \`release\` profile [optimized] target(s) in 41.20s\n`;
  expect(Buffer.byteLength(text)).toBeGreaterThan(2_000_000);
  const result = runPipeline(
    { text, command: "npm run dev", entry: "exec", failed: false, exitCode: 0, agentId: "test" },
    { store: createPipelineStore(db), clock: { now: () => 1_780_000_000_000 } },
  );
  expect(result.changed).toBe(true);
  const markers = result.delivered.split("\n").filter((line) => line.includes("[OMNI:"));
  expect(markers.some((marker) => marker.includes("extreme length"))).toBe(true);
  for (const marker of markers) expect(marker).toMatch(/omni retrieve [0-9a-f]{16}/);
  const handles = new Set(markers.map((marker) => /omni retrieve ([0-9a-f]{16})/.exec(marker)![1]!));
  for (const handle of handles) expect(getBlock(db, handle)?.content).toBe(text);
});
