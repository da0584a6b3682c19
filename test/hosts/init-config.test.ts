/**
 * For every host: `omni init` into a temp HOME that already holds a realistic user config,
 * parse what it wrote with the host's own format, check omni's hook/MCP entries, run init again
 * (nothing changes, nothing duplicates), then `--uninstall` and `reset` and compare with the
 * original byte for byte. The expected paths and shapes are written out here, not read from
 * the registry under test.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type ConfigFormat, type Parsed, parseAs, stdioServer } from "../helpers/init-checks.ts";
import { OMNI_EXE, makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const CODE_USER = ".config/Code/User";

/** Commands of Claude-style hook groups under `hooks[event]`. */
function groupCommands(config: Parsed, event: string): Array<{ matcher?: string; command: string }> {
  return (config.hooks?.[event] ?? []).flatMap((group: Parsed) =>
    (group.hooks ?? []).map((hook: Parsed) => ({ matcher: group.matcher, command: hook.command })),
  );
}

interface HostCase {
  flag: string;
  /** Files init writes, relative to HOME, each with the user's original content (null: absent). */
  files: Record<string, { format: ConfigFormat; original: string | null }>;
  check(parsed: Record<string, Parsed | string>): void;
}

const CASES: HostCase[] = [
  {
    flag: "claude",
    files: {
      ".claude/settings.json": {
        format: "json",
        original: `{\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Edit", "hooks": [{ "type": "command", "command": "my-lint" }] }\n    ]\n  },\n  "permissions": { "allow": ["Bash(ls:*)"] }\n}\n`,
      },
      ".claude.json": { format: "json", original: `{"numStartups":3,"mcpServers":{"other":{"command":"x"}}}` },
    },
    check(parsed) {
      const settings = parsed[".claude/settings.json"] as Parsed;
      expect(settings.model).toBe("opus");
      expect(groupCommands(settings, "PreToolUse")).toEqual([
        { matcher: "Edit", command: "my-lint" },
        { matcher: "Bash", command: `${OMNI_EXE} --pre-hook` },
      ]);
      expect(groupCommands(settings, "PostToolUse")).toEqual([{ matcher: "Bash|Read|Grep|WebFetch", command: `${OMNI_EXE} --post-hook` }]);
      expect(groupCommands(settings, "PostToolUseFailure")[0]!.command).toBe(`${OMNI_EXE} --hook`);
      expect(groupCommands(settings, "SessionStart")).toEqual([{ matcher: "", command: `${OMNI_EXE} --session-start` }]);
      expect(groupCommands(settings, "SessionEnd")[0]!.command).toBe(`${OMNI_EXE} --hook`);
      expect(groupCommands(settings, "PreCompact")[0]!.command).toBe(`${OMNI_EXE} --pre-compact`);
      const claudeJson = parsed[".claude.json"] as Parsed;
      expect(claudeJson.mcpServers.other).toEqual({ command: "x" });
      expect(claudeJson.mcpServers.omni.type).toBe("stdio");
      stdioServer(claudeJson.mcpServers.omni, "claude_code");
    },
  },
  {
    flag: "cursor",
    files: {
      ".cursor/hooks.json": {
        format: "json",
        original: `{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./format.sh" }]\n  }\n}\n`,
      },
      ".cursor/mcp.json": { format: "json", original: null },
      // The project rule lands in the directory init runs in: these tests run it in HOME.
      ".cursor/rules/omni.mdc": { format: "mdc", original: null },
    },
    check(parsed) {
      const hooks = parsed[".cursor/hooks.json"] as Parsed;
      expect(hooks.version).toBe(1);
      expect(hooks.hooks.afterFileEdit).toEqual([{ command: "./format.sh" }]);
      expect(hooks.hooks.postToolUseFailure).toEqual([{ command: `${OMNI_EXE} --hook` }]);
      expect(hooks.hooks.stop).toEqual([{ command: `${OMNI_EXE} --hook` }]);
      stdioServer((parsed[".cursor/mcp.json"] as Parsed).mcpServers.omni, "cursor");
      const rule = parsed[".cursor/rules/omni.mdc"] as Parsed;
      expect(rule.frontmatter.alwaysApply).toBe(true);
      expect(typeof rule.frontmatter.description).toBe("string");
      expect(rule.body).toContain("`omni_run`");
      expect(rule.body).toContain("`omni_retrieve`");
    },
  },
  {
    flag: "codex",
    files: {
      ".codex/config.toml": {
        format: "toml",
        original: `# my codex config\nmodel = "gpt-5"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\nargs = ["--stdio"]\n`,
      },
      ".codex/hooks.json": { format: "json", original: null },
    },
    check(parsed) {
      const config = parsed[".codex/config.toml"] as Parsed;
      expect(config.model).toBe("gpt-5");
      expect(config.mcp_servers.docs.command).toBe("docs-mcp");
      stdioServer(config.mcp_servers.omni, "codex_cli");
      const hooks = parsed[".codex/hooks.json"] as Parsed;
      expect(groupCommands(hooks, "PreToolUse")).toEqual([{ matcher: "Bash", command: `${OMNI_EXE} --pre-hook` }]);
      expect(groupCommands(hooks, "SessionStart")).toEqual([{ matcher: undefined, command: `${OMNI_EXE} --session-start` }]);
    },
  },
  {
    flag: "gemini",
    files: { ".gemini/settings.json": { format: "json", original: `{\n  "theme": "GitHub",\n  "mcpServers": {}\n}\n` } },
    check(parsed) {
      const settings = parsed[".gemini/settings.json"] as Parsed;
      expect(settings.theme).toBe("GitHub");
      expect(groupCommands(settings, "BeforeTool")).toEqual([{ matcher: "run_shell_command", command: `${OMNI_EXE} --pre-hook` }]);
      stdioServer(settings.mcpServers.omni, "gemini_cli");
    },
  },
  {
    flag: "cline",
    files: {
      [`${CODE_USER}/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`]: {
        format: "json",
        original: `{\n  "mcpServers": {}\n}`,
      },
    },
    check(parsed) {
      stdioServer((Object.values(parsed)[0] as Parsed).mcpServers.omni, "cline");
    },
  },
  {
    flag: "roo-code",
    files: {
      [`${CODE_USER}/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json`]: {
        format: "json",
        original: `{"mcpServers":{"git":{"command":"git-mcp","args":[]}}}\n`,
      },
    },
    check(parsed) {
      const settings = Object.values(parsed)[0] as Parsed;
      expect(settings.mcpServers.git.command).toBe("git-mcp");
      stdioServer(settings.mcpServers.omni, "roo_code");
    },
  },
  {
    flag: "copilot",
    files: { ".copilot/mcp-config.json": { format: "json", original: null } },
    check(parsed) {
      const server = (parsed[".copilot/mcp-config.json"] as Parsed).mcpServers.omni;
      expect(server.type).toBe("local");
      stdioServer(server, "copilot");
    },
  },
  {
    flag: "opencode",
    files: {
      ".config/opencode/opencode.json": {
        format: "jsonc",
        original: `{\n  "$schema": "https://opencode.ai/config.json",\n  // my model\n  "model": "anthropic/claude",\n}\n`,
      },
      ".config/opencode/plugins/omni.ts": { format: "ts", original: null },
    },
    check(parsed) {
      const plugin = parsed[".config/opencode/plugins/omni.ts"] as string;
      expect(plugin).toContain(JSON.stringify(OMNI_EXE));
      expect(plugin).toContain('"tool.execute.before"');
      const config = parsed[".config/opencode/opencode.json"] as Parsed;
      expect(config.model).toBe("anthropic/claude");
      expect(config.mcp.omni).toEqual({
        type: "local",
        command: [OMNI_EXE, "--mcp"],
        enabled: true,
        environment: { OMNI_AGENT_ID: "opencode" },
      });
    },
  },
  {
    flag: "zed",
    files: {
      ".config/zed/settings.json": {
        format: "jsonc",
        original: `// Zed settings\n{\n\t"ui_font_size": 16,\n\t// keep me\n\t"context_servers": {\n\t\t"other": { "source": "custom", "command": "o" }\n\t}\n}\n`,
      },
    },
    check(parsed) {
      const settings = parsed[".config/zed/settings.json"] as Parsed;
      expect(settings.ui_font_size).toBe(16);
      expect(settings.context_servers.other.command).toBe("o");
      expect(settings.context_servers.omni.source).toBe("custom");
      stdioServer(settings.context_servers.omni, "zed");
    },
  },
  {
    flag: "openclaw",
    files: { ".openclaw/openclaw.json": { format: "jsonc", original: `{\n  "agents": { "defaults": { "workspace": "~/work" } },\n}\n` } },
    check(parsed) {
      const config = parsed[".openclaw/openclaw.json"] as Parsed;
      expect(config.agents.defaults.workspace).toBe("~/work");
      stdioServer(config.mcp.servers.omni, "openclaw");
    },
  },
  {
    flag: "antigravity",
    files: { ".gemini/antigravity/mcp_config.json": { format: "json", original: null } },
    check(parsed) {
      stdioServer((parsed[".gemini/antigravity/mcp_config.json"] as Parsed).mcpServers.omni, "antigravity");
    },
  },
  {
    flag: "hermes",
    files: {
      ".hermes/config.yaml": {
        format: "yaml",
        original: `# ~/.hermes/config.yaml\nmodel:\n  provider: openrouter # the default\n  name: "x/y"\n\nplugins:\n  enabled: [disk-cleanup]\n\nmcp_servers:\n  fs:\n    command: npx\n    args: [-y, fs-mcp]\n\ncompression:\n  threshold: 0.50\n`,
      },
      ".hermes/plugins/omni-signal-engine/plugin.yaml": { format: "yaml", original: null },
      ".hermes/plugins/omni-signal-engine/__init__.py": { format: "py", original: null },
    },
    check(parsed) {
      const config = parsed[".hermes/config.yaml"] as Parsed;
      expect(config.model.provider).toBe("openrouter");
      expect(config.mcp_servers.fs.args).toEqual(["-y", "fs-mcp"]);
      stdioServer(config.mcp_servers.omni, "hermes");
      expect(config.plugins.enabled).toEqual(["disk-cleanup", "omni-signal-engine"]);
      expect(config.compression).toEqual({ threshold: 0.5, enabled: true });
      expect((parsed[".hermes/plugins/omni-signal-engine/plugin.yaml"] as Parsed).name).toBe("omni-signal-engine");
      const plugin = parsed[".hermes/plugins/omni-signal-engine/__init__.py"] as string;
      expect(plugin).toContain(`OMNI = ${JSON.stringify(OMNI_EXE)}`);
      expect(plugin).toContain('ctx.register_hook("transform_terminal_output"');
    },
  },
  {
    flag: "vscode",
    files: {
      [`${CODE_USER}/mcp.json`]: {
        format: "jsonc",
        original: `{\n    "servers": {\n        "github": { "type": "http", "url": "https://example.invalid/mcp" }\n    },\n    "inputs": []\n}\n`,
      },
    },
    check(parsed) {
      const config = Object.values(parsed)[0] as Parsed;
      expect(config.servers.github.type).toBe("http");
      expect(config.servers.omni.type).toBe("stdio");
      stdioServer(config.servers.omni, "vscode");
    },
  },
  {
    flag: "pi",
    files: { ".pi/agent/extensions/omni.ts": { format: "ts", original: null } },
    check(parsed) {
      const source = parsed[".pi/agent/extensions/omni.ts"] as string;
      expect(source).toContain(JSON.stringify(OMNI_EXE));
      expect(source).toContain('pi.on("tool_result"');
      expect(source).toContain('"--post-hook"');
    },
  },
];

function seed(home: string, files: HostCase["files"]): void {
  for (const [file, { original }] of Object.entries(files)) {
    if (original === null) continue;
    mkdirSync(dirname(join(home, file)), { recursive: true });
    writeFileSync(join(home, file), original);
  }
}

function snapshot(home: string, files: HostCase["files"]): Record<string, string | null> {
  return Object.fromEntries(
    Object.keys(files).map((file) => [file, existsSync(join(home, file)) ? readFileSync(join(home, file), "utf8") : null]),
  );
}

function originals(files: HostCase["files"]): Record<string, string | null> {
  return Object.fromEntries(Object.entries(files).map(([file, { original }]) => [file, original]));
}

function omni(args: string[]): void {
  const result = runOmni(args, { env: sandbox.env, cwd: sandbox.home });
  if (result.exitCode !== 0) throw new Error(`omni ${args.join(" ")} exited ${result.exitCode}: ${result.stderr}`);
}

describe("omni init for every host", () => {
  for (const hostCase of CASES) {
    test(`--${hostCase.flag}: writes the host's format, is idempotent, and --uninstall restores every byte`, () => {
      sandbox = makeSandbox();
      seed(sandbox.home, hostCase.files);
      omni(["init", `--${hostCase.flag}`]);
      const written = snapshot(sandbox.home, hostCase.files);
      const parsed = Object.fromEntries(
        Object.entries(written).map(([file, text]) => {
          if (text === null) throw new Error(`init did not write ${file}`);
          return [file, parseAs(hostCase.files[file]!.format, text)];
        }),
      );
      hostCase.check(parsed);

      omni(["init", `--${hostCase.flag}`]);
      expect(snapshot(sandbox.home, hostCase.files)).toEqual(written);

      omni(["init", `--${hostCase.flag}`, "--uninstall"]);
      expect(snapshot(sandbox.home, hostCase.files)).toEqual(originals(hostCase.files));
    });

    test(`--${hostCase.flag}: reset removes it too, and keeps a backup of what it changed`, () => {
      sandbox = makeSandbox();
      seed(sandbox.home, hostCase.files);
      omni(["init", `--${hostCase.flag}`]);
      const result = runOmni(["reset", `--${hostCase.flag}`], { env: sandbox.env, cwd: sandbox.home });
      expect(result.exitCode).toBe(0);
      expect(snapshot(sandbox.home, hostCase.files)).toEqual(originals(hostCase.files));
      const backups = [...result.stdout.toString().matchAll(/backup: ([^)]+)\)/g)].map((match) => match[1]!);
      expect(backups.length).toBeGreaterThan(0);
      for (const backup of backups) expect(existsSync(backup)).toBe(true);
    });
  }

  test("rewrites a hook that points at an old executable in place, without a duplicate", () => {
    sandbox = makeSandbox();
    const settings = join(sandbox.home, ".claude/settings.json");
    mkdirSync(dirname(settings), { recursive: true });
    writeFileSync(
      settings,
      JSON.stringify(
        {
          hooks: {
            PreToolUse: [
              { matcher: "Bash", hooks: [{ type: "command", command: "/old/place/omni --pre-hook" }] },
              { matcher: "Bash", hooks: [{ type: "command", command: "/older/omni --pre-hook" }] },
            ],
          },
        },
        null,
        2,
      ),
    );
    omni(["init", "--claude", "--hook"]);
    expect(groupCommands(JSON.parse(readFileSync(settings, "utf8")), "PreToolUse")).toEqual([
      { matcher: "Bash", command: `${OMNI_EXE} --pre-hook` },
    ]);
    expect(existsSync(join(sandbox.home, ".claude.json"))).toBe(false);
  });

  test("refuses to overwrite a config that is not valid JSON", () => {
    sandbox = makeSandbox();
    const settings = join(sandbox.home, ".gemini/settings.json");
    mkdirSync(dirname(settings), { recursive: true });
    writeFileSync(settings, "{ not json");
    const result = runOmni(["init", "--gemini", "--claude"], { env: sandbox.env, cwd: sandbox.home });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`Gemini CLI: ${settings} is not a JSON object`);
    expect(readFileSync(settings, "utf8")).toBe("{ not json");
    // The other host is still configured.
    expect(existsSync(join(sandbox.home, ".claude", "settings.json"))).toBe(true);
  });

  test("--uninstall removes an owned file even when omni's record of it is gone", () => {
    sandbox = makeSandbox();
    omni(["init", "--pi"]);
    rmSync(join(sandbox.home, ".omni", "integrations.json"));
    omni(["init", "--pi", "--uninstall"]);
    expect(existsSync(join(sandbox.home, ".pi/agent/extensions/omni.ts"))).toBe(false);
  });

  test("--all writes every host and the current directory's .vscode/mcp.json", () => {
    sandbox = makeSandbox();
    omni(["exec", "true"]);
    omni(["init", "--all"]);
    for (const hostCase of CASES) for (const file of Object.keys(hostCase.files)) expect(existsSync(join(sandbox.home, file))).toBe(true);
    stdioServer((JSON.parse(readFileSync(join(sandbox.home, ".vscode/mcp.json"), "utf8")) as Parsed).servers.omni, "vscode");
    const reset = runOmni(["reset", "--all"], { env: sandbox.env, cwd: sandbox.home });
    expect(reset.stdout.toString()).toContain("omni reset --all --wipe-db deletes it");
    for (const hostCase of CASES) for (const file of Object.keys(hostCase.files)) expect(existsSync(join(sandbox.home, file))).toBe(false);
    expect(existsSync(join(sandbox.home, ".vscode/mcp.json"))).toBe(false);
    expect(existsSync(sandbox.dbPath)).toBe(true);

    const wipe = runOmni(["reset", "--all", "--wipe-db"], { env: sandbox.env, cwd: sandbox.home }).stdout.toString();
    const copy = /deleted .+ \(copy: (.+)\)/.exec(wipe)?.[1];
    expect(existsSync(sandbox.dbPath)).toBe(false);
    expect(copy && existsSync(copy)).toBe(true);
  });
});
