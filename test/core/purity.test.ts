import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "../helpers/sandbox.ts";

/** Pure logic lives in src/base, src/core, src/distillers and src/ledger: no file system, processes, database or runtime APIs. */
const FORBIDDEN = ["node:fs", "fs", "node:child_process", "child_process", "bun:sqlite", "bun", "node:net", "node:http", "node:os"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
}

describe("pure modules", () => {
  for (const folder of ["src/base", "src/core", "src/distillers", "src/ledger"]) {
    test(`${folder} imports no IO module`, () => {
      const offenders: string[] = [];
      for (const file of sourceFiles(join(REPO_ROOT, folder))) {
        for (const specifier of importsOf(readFileSync(file, "utf8"))) {
          if (FORBIDDEN.includes(specifier)) offenders.push(`${relative(REPO_ROOT, file)} → ${specifier}`);
          if (specifier.startsWith(".") && /\/(platform|store|cli|hooks|hosts|mcp)\//.test(`/${specifier}`))
            offenders.push(`${relative(REPO_ROOT, file)} → ${specifier}`);
        }
      }
      expect(offenders).toEqual([]);
    });
  }
});
