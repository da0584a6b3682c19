/**
 * The permission rules of the hosts besides Claude Code whose pre-hook omni answers, in Claude
 * Code's rule syntax (the gateway's one language). Each host matches its own rules against the
 * command it finally runs, so a rule omni cannot restate exactly would stop holding once the
 * command is rewritten: for those the answer is null (unknown) and nothing is rewritten.
 *
 * - Gemini CLI: `tools.exclude` (deny) and `tools.allowed` (allow) entries of the form
 *   `run_shell_command(prefix)` in system, user and project settings.json; an allow-list in
 *   `tools.core` or any policy file is beyond restating.
 * - OpenCode: bash runs unasked unless `permission` (globally or for `bash`) says otherwise;
 *   anything but "allow" there is beyond restating.
 * - Codex: exec-policy `.rules` files under CODEX_HOME/rules or the project's .codex/rules are
 *   beyond restating.
 */
import { join } from "node:path";
import { parse, type ParseError } from "jsonc-parser";
import { NO_RULES, type PermissionRules } from "../core/gateway/permission-rules.ts";
import { listDir, readTextFile } from "../platform/files.ts";
import type { Env } from "../platform/paths.ts";
import { isRecord, stringField } from "./types.ts";

type Parsed = { value: unknown } | { unreadable: true } | null;

function readJsonc(path: string): Parsed {
  const text = readTextFile(path, 4 * 1024 * 1024);
  if (text === null) return null;
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true });
  return errors.length > 0 ? { unreadable: true } : { value };
}

/** `run_shell_command(git push)` → `Bash(git push:*)`; the bare tool name → `Bash`. */
function geminiRule(entry: unknown): string | null {
  if (typeof entry !== "string") return null;
  if (entry === "run_shell_command" || entry === "ShellTool") return "Bash";
  const match = /^(?:run_shell_command|ShellTool)\((.*)\)$/.exec(entry.trim());
  return match ? `Bash(${match[1]!.trim()}:*)` : null;
}

export function geminiPermissionRules(payload: Record<string, unknown>, env: Env, home: string): PermissionRules | null {
  const cwd = stringField(payload, "cwd");
  const files = [
    "/etc/gemini-cli/settings.json",
    env.GEMINI_CLI_SYSTEM_SETTINGS_PATH,
    join(home, ".gemini", "settings.json"),
    cwd ? join(cwd, ".gemini", "settings.json") : undefined,
  ].filter((path): path is string => Boolean(path));
  if (listDir(join(home, ".gemini", "policies")).length > 0 || (cwd && listDir(join(cwd, ".gemini", "policies")).length > 0)) return null;
  const rules: PermissionRules = { deny: [], ask: [], allow: [] };
  for (const file of files) {
    const parsed = readJsonc(file);
    if (parsed === null) continue;
    if ("unreadable" in parsed || !isRecord(parsed.value)) return null;
    const tools = parsed.value.tools;
    if (tools === undefined) continue;
    if (!isRecord(tools)) return null;
    if (tools.core !== undefined) return null;
    for (const [key, kind] of [
      ["exclude", "deny"],
      ["allowed", "allow"],
    ] as const) {
      const list = tools[key];
      if (list === undefined) continue;
      if (!Array.isArray(list)) return null;
      for (const entry of list) {
        const rule = geminiRule(entry);
        if (rule) rules[kind].push(rule);
      }
    }
  }
  return rules;
}

export function opencodePermissionRules(payload: Record<string, unknown>, env: Env, home: string): PermissionRules | null {
  const cwd = stringField(payload, "cwd");
  const configHome = env.XDG_CONFIG_HOME || join(home, ".config");
  const files = [
    join(configHome, "opencode", "opencode.json"),
    join(configHome, "opencode", "opencode.jsonc"),
    env.OPENCODE_CONFIG,
    cwd ? join(cwd, "opencode.json") : undefined,
    cwd ? join(cwd, "opencode.jsonc") : undefined,
  ].filter((path): path is string => Boolean(path));
  const inline = env.OPENCODE_CONFIG_CONTENT;
  const configs: unknown[] = [];
  for (const file of files) {
    const parsed = readJsonc(file);
    if (parsed === null) continue;
    if ("unreadable" in parsed) return null;
    configs.push(parsed.value);
  }
  if (inline) {
    const errors: ParseError[] = [];
    configs.push(parse(inline, errors));
    if (errors.length > 0) return null;
  }
  for (const config of configs) {
    if (!isRecord(config)) return null;
    const permission = config.permission;
    if (permission === undefined || permission === "allow") continue;
    if (!isRecord(permission)) return null;
    for (const key of ["bash", "*"]) if (permission[key] !== undefined && permission[key] !== "allow") return null;
  }
  return { ...NO_RULES };
}

export function codexPermissionRules(payload: Record<string, unknown>, env: Env, home: string): PermissionRules | null {
  const cwd = stringField(payload, "cwd");
  const dirs = [join(env.CODEX_HOME || join(home, ".codex"), "rules"), cwd ? join(cwd, ".codex", "rules") : null].filter(
    (dir): dir is string => dir !== null,
  );
  return dirs.some((dir) => listDir(dir).some((name) => name.endsWith(".rules"))) ? null : { ...NO_RULES };
}
