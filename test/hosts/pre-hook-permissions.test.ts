/**
 * Every host whose pre-hook omni answers keeps its own permission rules: omni leaves a command
 * alone where the host's rule names it, or where the host has rules omni cannot restate.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { OMNI_EXE, makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function rewrites(payload: Record<string, unknown>, command: string): boolean {
  const body = { session_id: "s", cwd: join(sandbox.home, "proj"), ...payload, tool_input: { command } };
  return runOmni(["--pre-hook"], { env: sandbox.env, stdin: JSON.stringify(body) })
    .stdout.toString()
    .includes("exec --hooked");
}

const GEMINI = { hook_event_name: "BeforeTool", tool_name: "run_shell_command" };
const CODEX = { hook_event_name: "PreToolUse", turn_id: "t", tool_name: "Bash", permission_mode: "bypassPermissions" };
const OPENCODE = { hook_event_name: "PreToolUse", omni_host: "opencode", tool_name: "Bash" };

describe("the pre-hook keeps each host's own rules", () => {
  test("Gemini CLI: an excluded shell command prefix is never rewritten; a core allow-list stops all rewrites", () => {
    sandbox = makeSandbox();
    expect(rewrites(GEMINI, "git push origin main")).toBe(true);
    write(join(sandbox.home, ".gemini", "settings.json"), `{ // the user's\n "tools": { "exclude": ["run_shell_command(git push)"] } }`);
    expect(rewrites(GEMINI, "git push origin main")).toBe(false);
    expect(rewrites(GEMINI, "npm test")).toBe(true);
    write(join(sandbox.home, "proj", ".gemini", "settings.json"), `{ "tools": { "core": ["run_shell_command(npm)"] } }`);
    expect(rewrites(GEMINI, "npm test")).toBe(false);
  });

  test("Codex: exec-policy rules files stop all rewrites", () => {
    sandbox = makeSandbox();
    expect(rewrites(CODEX, "make all")).toBe(true);
    write(join(sandbox.home, ".codex", "rules", "default.rules"), `prefix_rule(pattern=["git", "push"], decision="forbidden")\n`);
    expect(rewrites(CODEX, "make all")).toBe(false);
  });

  test("OpenCode: a bash permission other than allow stops all rewrites", () => {
    sandbox = makeSandbox();
    expect(rewrites(OPENCODE, "npm test")).toBe(true);
    write(
      join(sandbox.home, ".config", "opencode", "opencode.json"),
      JSON.stringify({ permission: { bash: { "git push*": "deny", "*": "allow" } } }),
    );
    expect(rewrites(OPENCODE, "npm test")).toBe(false);
  });

  test("Claude Code: a deny rule in a managed or project scope, or passed on the CLI's own command line, holds", () => {
    sandbox = makeSandbox();
    const claude = { hook_event_name: "PreToolUse", tool_name: "Bash", permission_mode: "default" };
    write(join(sandbox.home, "proj", ".claude", "settings.local.json"), JSON.stringify({ permissions: { deny: ["Bash(cargo test:*)"] } }));
    expect(rewrites(claude, "cargo test")).toBe(false);
    expect(rewrites(claude, "cargo build")).toBe(true);
    // The host's --disallowedTools, read off the process that started the hook.
    const body = JSON.stringify({ session_id: "s", cwd: join(sandbox.home, "proj"), ...claude, tool_input: { command: "cargo build" } });
    // A stand-in named as the CLI is: only the Claude Code process's own flags are read.
    const host = join(sandbox.home, "bin", "claude");
    write(host, `${JSON.stringify(OMNI_EXE)} --pre-hook\n`);
    const viaHost = (flags: string[]) =>
      Buffer.from(
        Bun.spawnSync(["/bin/sh", host, ...flags], { env: sandbox.env, stdin: Buffer.from(body), stdout: "pipe" }).stdout,
      ).toString();
    expect(viaHost(["--permission-mode", "default"])).toContain("exec --hooked");
    expect(viaHost(["--disallowedTools", "Bash(cargo build:*)"])).toBe("");
    const other = join(sandbox.home, "bin", "other-tool");
    write(other, `${JSON.stringify(OMNI_EXE)} --pre-hook\n`);
    const viaOther = Buffer.from(
      Bun.spawnSync(["/bin/sh", other, "--disallowedTools", "Bash(cargo build:*)"], {
        env: sandbox.env,
        stdin: Buffer.from(body),
        stdout: "pipe",
      }).stdout,
    ).toString();
    expect(viaOther).toContain("exec --hooked");
  });
});
