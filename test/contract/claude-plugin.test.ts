/**
 * The Claude Code plugin, checked by the real CLI: `claude plugin validate --strict` passes for
 * the marketplace and for the plugin (warnings fail it), the plugin directory's own checks find
 * nothing they would refuse, and the manual's two lines (marketplace add, then install
 * omni@omni) install the skill into a temp HOME.
 */
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, REPO_ROOT } from "../helpers/sandbox.ts";
import { CLAUDE_CODE_VERSION, ensureClaudeCli } from "./claude-cli.ts";
import { describeHost } from "./scripted-session.ts";

const cli = ensureClaudeCli();
const TIMEOUT_MS = 120_000;

function claude(home: string, args: string[]) {
  const run = spawnSync(cli.bin!, args, {
    cwd: REPO_ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      IS_SANDBOX: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    },
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describeHost("Claude Code", cli, `Claude Code ${CLAUDE_CODE_VERSION} plugin validation`, () => {
  test.each([
    ["the marketplace", "."],
    ["the plugin", "plugins/omni"],
  ])(
    "claude plugin validate --strict passes %s with no error and no warning",
    (_what, path) => {
      const sandbox = makeSandbox();
      try {
        const result = claude(sandbox.home, ["plugin", "validate", "--strict", "--json", path]);
        const report = JSON.parse(result.out);
        expect(report.manifest.errors).toEqual([]);
        expect(report.manifest.warnings).toEqual([]);
        expect(report.success).toBe(true);
        expect(result.code).toBe(0);
      } finally {
        sandbox.cleanup();
      }
    },
    TIMEOUT_MS,
  );

  test(
    "the plugin directory's checks refuse nothing, and the plugin provides the omni skill",
    () => {
      const sandbox = makeSandbox();
      try {
        const result = claude(sandbox.home, ["plugin", "validate", "--profile", "directory", "--json", "plugins/omni"]);
        expect(result.code).toBe(0);
        const report = JSON.parse(result.out);
        expect(report.provides.skills).toEqual(["omni:omni"]);
      } finally {
        sandbox.cleanup();
      }
    },
    TIMEOUT_MS,
  );

  test(
    "marketplace add, then install omni@omni, puts the marker-reading skill in the user's plugins",
    () => {
      const sandbox = makeSandbox();
      try {
        expect(claude(sandbox.home, ["plugin", "marketplace", "add", REPO_ROOT]).code).toBe(0);
        const install = claude(sandbox.home, ["plugin", "install", "omni@omni"]);
        expect(install.code).toBe(0);
        const version = JSON.parse(readFileSync(join(REPO_ROOT, "plugins/omni/.claude-plugin/plugin.json"), "utf8")).version;
        const skill = readFileSync(join(sandbox.home, ".claude/plugins/cache/omni/omni", version, "skills/omni/SKILL.md"), "utf8");
        expect(skill).toBe(readFileSync(join(REPO_ROOT, "plugins/omni/skills/omni/SKILL.md"), "utf8"));
        expect(claude(sandbox.home, ["plugin", "list"]).out).toContain("omni@omni");
      } finally {
        sandbox.cleanup();
      }
    },
    TIMEOUT_MS,
  );
});
