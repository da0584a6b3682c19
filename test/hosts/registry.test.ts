/**
 * The host registry (src/hosts/index.ts) and its folder agree. src/hosts also holds files that are
 * not adapters (permission readers, plugin sources, types, config/), so the rule is read off what
 * each file exports: a file that exports a host adapter is named for it and registered under its
 * id, and every registered host is exported by its own file.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { hosts } from "../../src/hosts/index.ts";
import type { HostAdapter } from "../../src/hosts/types.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";

const DIR = join(REPO_ROOT, "src/hosts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** The shape every adapter has (src/hosts/types.ts): what tells one apart from a file's other exports. */
function isHostAdapter(value: unknown): value is HostAdapter {
  if (typeof value !== "object" || value === null) return false;
  const host = value as Partial<HostAdapter>;
  return (
    typeof host.id === "string" &&
    typeof host.agentId === "string" &&
    typeof host.label === "string" &&
    Array.isArray(host.flags) &&
    Array.isArray(host.envMarkers) &&
    typeof host.configEntries === "function"
  );
}

/** Every host adapter exported anywhere under src/hosts, with the file (relative to it) that exports it. */
async function exportedAdapters(): Promise<Array<{ file: string; adapter: HostAdapter }>> {
  const found: Array<{ file: string; adapter: HostAdapter }> = [];
  for (const path of sourceFiles(DIR)) {
    if (relative(DIR, path) === "index.ts") continue;
    for (const value of Object.values(await import(path)))
      if (isHostAdapter(value)) found.push({ file: relative(DIR, path), adapter: value });
  }
  return found;
}

describe("host registry", () => {
  test("registers every adapter a file exports, under its id, from the file named for it", async () => {
    const found = await exportedAdapters();
    expect(found.length).toBeGreaterThan(0);
    for (const { file, adapter } of found) {
      expect(file).toBe(`${adapter.id}.ts`);
      expect(hosts[adapter.id as keyof typeof hosts] === adapter).toBe(true);
    }
  });

  test("finds each registered host in its own file", async () => {
    const found = await exportedAdapters();
    for (const [id, host] of Object.entries(hosts)) {
      expect(host.id).toBe(id);
      expect(existsSync(join(DIR, `${id}.ts`))).toBe(true);
      expect(found.filter(({ adapter }) => adapter === host).map(({ file }) => file)).toEqual([`${id}.ts`]);
    }
  });
});
