import { describe, expect, test } from "bun:test";
import { commands } from "../../src/cli/commands/index.ts";
import { HOOK_FLAGS } from "../../src/cli/hook-mode.ts";
import { commandHelp, HOOK_ENTRY_POINTS, mainHelp } from "../../src/cli/help.ts";

describe("omni --help", () => {
  test("names every command in the command list", () => {
    const help = mainHelp();
    for (const name of Object.keys(commands)) expect(help).toContain(`  ${name} `);
  });

  test("names every hook entry point main.ts accepts, and --mcp", () => {
    const listed = HOOK_ENTRY_POINTS.map(([flag]) => flag).sort();
    expect(listed).toEqual([...HOOK_FLAGS, "--mcp"].sort());
  });

  test("fits 80 columns", () => {
    for (const line of mainHelp().split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  });

  test("gives every command its own help with usage and flags", async () => {
    for (const entry of Object.values(commands)) {
      const help = commandHelp((await entry.load()).default);
      expect(help).toContain("Usage: omni ");
      expect(help).toContain("--help");
    }
  });
});
