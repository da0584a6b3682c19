/**
 * Small files named for what they do: no source, test, bench or script file over 400 lines, and
 * the formatter's own check is part of `npm test` (package.json), so the tree stays formatted.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "../helpers/sandbox.ts";

const MAX_LINES = 400;
const ROOTS = ["src", "test", "bench", "scripts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "fixtures" || name === "node_modules" ? [] : sourceFiles(path);
    return /\.(?:ts|js|mjs)$/.test(name) ? [path] : [];
  });
}

describe("file size", () => {
  test(`no source file is over ${MAX_LINES} lines`, () => {
    const over = ROOTS.flatMap((root) => sourceFiles(join(REPO_ROOT, root)))
      .map((file) => ({ file: relative(REPO_ROOT, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  test("npm test checks the formatting first", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.test!.startsWith("bun run format:check && ")).toBe(true);
    expect(pkg.scripts["format:check"]).toBe("biome format");
  });
});
