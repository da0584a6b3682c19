/** The Claude Code plugin marketplace files: the marketplace names a plugin that exists and carries the skill. */
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../helpers/sandbox.ts";

test("the marketplace's plugin exists and ships the marker-reading skill", () => {
  const marketplace = JSON.parse(readFileSync(join(REPO_ROOT, ".claude-plugin", "marketplace.json"), "utf8"));
  const [plugin] = marketplace.plugins;
  expect(plugin.name).toBe("omni");
  const root = join(REPO_ROOT, plugin.source);
  expect(JSON.parse(readFileSync(join(root, ".claude-plugin", "plugin.json"), "utf8")).name).toBe("omni");
  const skill = readFileSync(join(root, "skills", "omni", "SKILL.md"), "utf8");
  expect(skill).toMatch(/^---\nname: omni\ndescription: .+\n---\n/);
  expect(skill).toContain("omni retrieve");
  expect(existsSync(join(root, "skills", "omni"))).toBe(true);
});
