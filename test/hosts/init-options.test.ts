/**
 * `omni init`'s options and the user's own settings: no host flag, `--status`, Hermes's
 * compression setting, Cursor's project rule. The per-host round trip is init-config.test.ts.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { hostList } from "../../src/hosts/index.ts";
import { stdioServer } from "../helpers/init-checks.ts";
import { makeSandbox, putOmniOnPath, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

function omni(args: string[]): void {
  const result = runOmni(args, { env: sandbox.env, cwd: sandbox.home });
  if (result.exitCode !== 0) throw new Error(`omni ${args.join(" ")} exited ${result.exitCode}: ${result.stderr}`);
}

describe("omni init without a host flag", () => {
  test("configures the host named by the environment and says which", () => {
    sandbox = makeSandbox({ CLAUDECODE: "1" });
    const result = runOmni(["init"], { env: sandbox.env, cwd: sandbox.home });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("running inside Claude Code");
    expect(existsSync(join(sandbox.home, ".claude/settings.json"))).toBe(true);
  });

  test("stops with the list of flags when no host can be named", () => {
    sandbox = makeSandbox();
    const result = runOmni(["init"], { env: sandbox.env, cwd: sandbox.home });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("--claude");
    expect(result.stderr).toContain("--roo");
    expect(existsSync(join(sandbox.home, ".claude"))).toBe(false);
  });

  test("rejects a misspelled host flag instead of falling back to a default", () => {
    sandbox = makeSandbox({ CLAUDECODE: "1" });
    const result = runOmni(["init", "--claud"], { env: sandbox.env, cwd: sandbox.home });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("did you mean `--claude`?");
    expect(existsSync(join(sandbox.home, ".claude"))).toBe(false);
  });
});

describe("omni init --status", () => {
  test("says what is installed where, and changes nothing", () => {
    sandbox = makeSandbox();
    omni(["init", "--codex", "--hook"]);
    const hooks = readFileSync(join(sandbox.home, ".codex/hooks.json"), "utf8");
    const status = runOmni(["init", "--codex", "--status"], { env: sandbox.env, cwd: sandbox.home }).stdout.toString();
    expect(status).toContain(`hook current hooks.PreToolUse (--pre-hook) in ${join(sandbox.home, ".codex/hooks.json")}`);
    expect(status).toContain(`mcp  absent  [mcp_servers.omni] in ${join(sandbox.home, ".codex/config.toml")}`);
    expect(readFileSync(join(sandbox.home, ".codex/hooks.json"), "utf8")).toBe(hooks);
    expect(existsSync(join(sandbox.home, ".codex/config.toml"))).toBe(false);
  });

  test("with no host named, reports on every host instead of asking, and writes nothing", () => {
    sandbox = makeSandbox();
    const result = runOmni(["init", "--status"], { env: sandbox.env, cwd: sandbox.home });
    expect(result.exitCode).toBe(0);
    const out = result.stdout.toString();
    for (const host of hostList) expect(out).toContain(`${host.label} (${host.tier})`);
    expect(readdirSync(sandbox.home)).toEqual([]);
  });
});

describe("omni init --hermes and the user's own settings", () => {
  const config = () => join(sandbox.home, ".hermes/config.yaml");
  const seedConfig = (text: string) => {
    mkdirSync(dirname(config()), { recursive: true });
    writeFileSync(config(), text);
  };

  test("never overrides an explicit compression.enabled: false, and uninstall restores every byte", () => {
    sandbox = makeSandbox();
    const original = `compression:\n  enabled: false # I compact by hand\n`;
    seedConfig(original);
    omni(["init", "--hermes"]);
    const parsed = parseYaml(readFileSync(config(), "utf8"));
    expect(parsed.compression.enabled).toBe(false);
    expect(parsed.plugins.enabled).toEqual(["omni-signal-engine"]);
    omni(["init", "--hermes", "--uninstall"]);
    expect(readFileSync(config(), "utf8")).toBe(original);
  });

  test("uninstall leaves what the user had before init: their plugin entry and their compression setting", () => {
    sandbox = makeSandbox();
    const original = `plugins:\n  enabled:\n    - omni-signal-engine\ncompression:\n  enabled: true\n`;
    seedConfig(original);
    omni(["init", "--hermes"]);
    const parsed = parseYaml(readFileSync(config(), "utf8"));
    expect(parsed.plugins.enabled).toEqual(["omni-signal-engine"]);
    stdioServer(parsed.mcp_servers.omni, "hermes");
    omni(["init", "--hermes", "--uninstall"]);
    expect(readFileSync(config(), "utf8")).toBe(original);
  });

  test("HERMES_HOME moves the plugin and the config, and uninstall leaves no empty plugin folder", () => {
    sandbox = makeSandbox();
    const home = join(sandbox.home, "elsewhere");
    const run = (args: string[]) =>
      expect(runOmni(args, { env: { ...sandbox.env, HERMES_HOME: home }, cwd: sandbox.home }).exitCode).toBe(0);
    run(["init", "--hermes"]);
    expect(existsSync(join(home, "plugins/omni-signal-engine/__init__.py"))).toBe(true);
    expect(parseYaml(readFileSync(join(home, "config.yaml"), "utf8")).compression.enabled).toBe(true);
    expect(existsSync(join(sandbox.home, ".hermes"))).toBe(false);
    run(["init", "--hermes", "--uninstall"]);
    expect(existsSync(home)).toBe(false);
  });
});

describe("omni init --cursor's project rule", () => {
  test("goes into the current directory's .cursor/rules, says so, and uninstall leaves the project as it was", () => {
    sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    const project = join(sandbox.home, "work", "app");
    mkdirSync(project, { recursive: true });
    const init = runOmni(["init", "--cursor"], { env: sandbox.env, cwd: project });
    expect(init.exitCode).toBe(0);
    const rule = join(project, ".cursor/rules/omni.mdc");
    expect(init.stdout.toString()).toContain(`created   ${rule}`);
    expect(init.stdout.toString()).toContain("Cursor reads rules per project");
    expect(existsSync(join(sandbox.home, ".cursor/rules"))).toBe(false);
    const written = readFileSync(rule, "utf8");
    expect(runOmni(["init", "--cursor"], { env: sandbox.env, cwd: project }).exitCode).toBe(0);
    expect(readFileSync(rule, "utf8")).toBe(written);

    // doctor elsewhere does not want the rule there; in the project it checks it.
    expect(runOmni(["doctor"], { env: sandbox.env, cwd: sandbox.home }).exitCode).toBe(0);
    writeFileSync(rule, written.replace("alwaysApply: true", "alwaysApply: false"));
    const stale = runOmni(["doctor"], { env: sandbox.env, cwd: project });
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout.toString()).toContain(
      `Cursor: mcp: the whole file in ${rule} differs from what this omni writes (fix: omni doctor --fix, or omni init --cursor)`,
    );

    expect(runOmni(["init", "--cursor", "--uninstall"], { env: sandbox.env, cwd: project }).exitCode).toBe(0);
    expect(readdirSync(project)).toEqual([]);
  });

  test("uninstall keeps a rule file of the same name that omni did not write", () => {
    sandbox = makeSandbox();
    const rule = join(sandbox.home, ".cursor/rules/omni.mdc");
    mkdirSync(dirname(rule), { recursive: true });
    writeFileSync(rule, "---\nalwaysApply: true\n---\nMy own notes about omni.\n");
    omni(["init", "--cursor", "--uninstall"]);
    expect(readFileSync(rule, "utf8")).toBe("---\nalwaysApply: true\n---\nMy own notes about omni.\n");
  });
});
