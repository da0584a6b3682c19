/**
 * The command registry (src/cli/commands/index.ts) and its folder agree: every file in
 * src/cli/commands is a registered command, every registered command loads its own file, and every
 * alias names a registered command.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "../../src/cli/command.ts";
import { aliases, commands } from "../../src/cli/commands/index.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";

const DIR = join(REPO_ROOT, "src/cli/commands");

function commandFiles(): string[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith(".ts") && file !== "index.ts")
    .map((file) => file.slice(0, -3))
    .sort();
}

describe("command registry", () => {
  test("lists exactly the command files in src/cli/commands", () => {
    expect(Object.keys(commands).sort()).toEqual(commandFiles());
  });

  test("each entry loads its own file's command", async () => {
    for (const name of commandFiles()) {
      const own = (await import(join(DIR, `${name}.ts`))).default as Command;
      expect(typeof own.run).toBe("function");
      expect((await commands[name]!.load()).default === own).toBe(true);
    }
  });

  test("each alias names a registered command and is not one itself", () => {
    for (const [alias, name] of Object.entries(aliases)) {
      expect(Object.keys(commands)).toContain(name);
      expect(Object.keys(commands)).not.toContain(alias);
    }
  });
});
