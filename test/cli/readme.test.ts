import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { commands } from "../../src/cli/commands/index.ts";
import { HOOK_FLAGS } from "../../src/cli/hook-mode.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
/** What a reader would type: fenced blocks and inline code, not prose. */
const code = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```|`([^`\n]+)`/g)]
  .map((m) => m[1] ?? m[2]!)
  .join("\n")
  .replace(/#.*$/gm, "");
const scripts = Object.keys(JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).scripts as Record<string, string>);

describe("the README agrees with the code", () => {
  test("names only commands that exist", () => {
    const named = [...code.matchAll(/\bomni ([a-z][a-z-]+)\b/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !(name in commands))).toEqual([]);
  });

  test("its command table lists every command", () => {
    const table = readme.slice(readme.indexOf("## Commands"), readme.indexOf("## Environment"));
    expect(Object.keys(commands).filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });

  test("documents every OMNI_ variable the sources read", () => {
    const read = new Set<string>();
    for (const file of new Bun.Glob("src/**/*.ts").scanSync(REPO_ROOT)) {
      for (const m of readFileSync(join(REPO_ROOT, file), "utf8").matchAll(/\bOMNI_[A-Z]+(?:_[A-Z]+)*\b/g)) read.add(m[0]);
    }
    // Stamped in at build time, never read from a user's environment.
    const buildTime = [...read].filter((name) => name.startsWith("OMNI_BUILD_"));
    expect([...read].filter((name) => !buildTime.includes(name) && !readme.includes(`\`${name}`)).sort()).toEqual([]);
  });

  test("lists every hook entry point the executable accepts", () => {
    for (const flag of [...HOOK_FLAGS.filter((f) => f !== "--before-agent-start"), "--mcp"]) expect(readme).toContain(`\`${flag}\``);
  });

  test("runs only package scripts that exist", () => {
    const runs = [...readme.matchAll(/\bbun run ([a-z:]+)/g)].map((m) => m[1]!);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  test("gives the two setup commands the manual of this repo promises, and .ci/run runs the second", () => {
    expect(readme).toContain("npm install && bin/omni exec git log");
    expect(readme).toContain("\nnpm test\n");
    expect(readFileSync(join(REPO_ROOT, ".ci/run"), "utf8")).toContain("npm test");
  });

  test("uses only the reserved example handle in its markers", () => {
    const handles = [...readme.matchAll(/omni retrieve ([0-9a-f]{16})/g)].map((m) => m[1]);
    expect(handles.length).toBeGreaterThan(0);
    expect(new Set(handles)).toEqual(new Set(["0000000000000000"]));
  });
});
