/**
 * Plain-text snapshots next to the fixtures: `<case>.out.txt` holds exactly what the reader got,
 * so a review diff reads like the product. Written when missing or with UPDATE_SNAPSHOTS=1.
 */
import { expect } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES_DIR, type Fixture } from "./fixtures.ts";

export function expectOutSnapshot(fixture: Fixture, delivered: string): void {
  const path = join(FIXTURES_DIR, fixture.family, `${fixture.name}.out.txt`);
  if (process.env.UPDATE_SNAPSHOTS === "1" || !existsSync(path)) writeFileSync(path, delivered);
  expect(delivered).toBe(readFileSync(path, "utf8"));
}

export function expectKeepsEverything(fixture: Fixture, delivered: string): void {
  for (const needle of fixture.mustKeep) expect(delivered).toContain(needle);
}
