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

test("past 2 MB the head-and-tail trim keeps every failure line of the middle, and its marker counts exactly the lines it skipped", () => {
  dir = mkdtempSync(join(tmpdir(), "omni-enormous-"));
  db = openDatabase(join(dir, "omni.db"));
  const compiling = (i: number) => `   Compiling crate-${i % 900} v1.0.${i} (registry+https://github.com/rust-lang/crates.io-index)`;
  const failure = "error[E0425]: cannot find value `config` in this scope --> src/main.rs:41:5";
  const lines = Array.from({ length: 60_000 }, (_, i) => (i === 30_000 ? failure : compiling(i)));
  const text = `${lines.join("\n")}\n    Finished \`release\` profile [optimized] target(s) in 41.20s\n`;
  const result = runPipeline(
    { text, command: "npm run dev", entry: "exec", failed: false, exitCode: 0, agentId: "test" },
    { store: createPipelineStore(db), clock: { now: () => 1_780_000_000_000 } },
  );
  expect(result.route).not.toBe("passthrough");
  expect(result.delivered).toContain(failure);
  // 60,001 lines: the first 5,000 and the last 1,000 are kept, and of the 54,001 between them only the failure.
  const marker = /\[OMNI: (\d+) lines omitted due to extreme length \(>2MB\), omni retrieve ([0-9a-f]{16})\]/.exec(result.delivered);
  expect(marker?.[1]).toBe("54000");
  expect(getBlock(db, marker![2]!)?.content).toBe(text);
  // The failure follows the marker and precedes the tail's last line, in the input's order.
  const at = (needle: string) => result.delivered.indexOf(needle);
  expect(at(marker![0]!)).toBeLessThan(at(failure));
  expect(at(failure)).toBeLessThan(at("Finished `release` profile"));
});
