/**
 * Plain-text snapshots beside their fixtures. Locally a missing one is written (and shows up in
 * `git status` for review); under CI it fails: a snapshot a clean clone would have to write was
 * never reviewed, and writing it would let any output pass. `UPDATE_SNAPSHOTS=1` rewrites.
 */
import { existsSync, writeFileSync } from "node:fs";
import { inCi, type Env } from "./ci.ts";

/** Makes sure `path` holds a snapshot to compare `actual` with; throws, saying how to record it, when CI would have to write it. */
export function ensureSnapshot(path: string, actual: string, env: Env = process.env): void {
  const update = env.UPDATE_SNAPSHOTS === "1";
  if (existsSync(path) && !update) return;
  if (!update && inCi(env)) {
    throw new Error(
      `missing snapshot ${path}: record it locally with \`UPDATE_SNAPSHOTS=1 bun test test/distillers/snapshots.test.ts\` (or run the test once outside CI), review the file and commit it`,
    );
  }
  writeFileSync(path, actual);
}
