/**
 * The permission rules Claude Code applies to a Bash call, read from every place the CLI reads
 * them: user settings (`$CLAUDE_CONFIG_DIR` or `~/.claude`), the project's shared and local
 * settings, managed settings (and their drop-in folder), and the CLI's own `--allowedTools`,
 * `--disallowedTools` and `--settings` flags, read off the host process's command line.
 *
 * A settings file that exists but cannot be parsed makes the answer unknown (null): omni then
 * rewrites nothing rather than guess. Deny and ask rules are also read from settings in every
 * folder above the working directory (a subfolder session may sit under a project whose rules
 * the host applies); allow rules only from the folders the host is documented to read.
 */
import { dirname, join, resolve } from "node:path";
import { NO_RULES, type PermissionRules } from "../core/gateway/permission-rules.ts";
import { listDir, readTextFile } from "../platform/files.ts";
import { ancestorArgvs } from "../platform/host-process.ts";
import type { Env } from "../platform/paths.ts";
import { isRecord, stringField } from "./types.ts";

const MANAGED_DIRS = ["/etc/claude-code", "/Library/Application Support/ClaudeCode"];

type Scope = { rules: PermissionRules } | { unreadable: string } | null;

export function claudePermissionRules(payload: Record<string, unknown>, env: Env, home: string): PermissionRules | null {
  const cwd = stringField(payload, "cwd");
  const projectDir = env.CLAUDE_PROJECT_DIR || cwd;
  const configDir = env.CLAUDE_CONFIG_DIR || join(home, ".claude");
  const authoritative: string[] = [join(configDir, "settings.json")];
  if (projectDir) authoritative.push(join(projectDir, ".claude", "settings.json"), join(projectDir, ".claude", "settings.local.json"));
  for (const dir of MANAGED_DIRS) {
    authoritative.push(join(dir, "managed-settings.json"));
    for (const name of listDir(join(dir, "managed-settings.d")))
      if (name.endsWith(".json")) authoritative.push(join(dir, "managed-settings.d", name));
  }
  const merged: PermissionRules = { deny: [], ask: [], allow: [] };
  const flags = hostFlags();
  for (const path of [...authoritative, ...flags.settingsFiles]) {
    const scope = readScope(path);
    if (scope && "unreadable" in scope) return null;
    if (scope) add(merged, scope.rules);
  }
  for (const inline of flags.inlineSettings) {
    const rules = rulesOf(inline);
    if (rules === null) return null;
    add(merged, rules);
  }
  add(merged, flags.rules);
  // Deny and ask from every folder above: more than the host may read, which only means fewer rewrites.
  for (const dir of ancestors(cwd)) {
    for (const name of ["settings.json", "settings.local.json"]) {
      const scope = readScope(join(dir, ".claude", name));
      if (scope && "unreadable" in scope) return null;
      if (scope) add(merged, { deny: scope.rules.deny, ask: scope.rules.ask, allow: [] });
    }
  }
  return merged;
}

function add(into: PermissionRules, rules: PermissionRules): void {
  into.deny.push(...rules.deny);
  into.ask.push(...rules.ask);
  into.allow.push(...rules.allow);
}

function readScope(path: string): Scope {
  const text = readTextFile(path, 4 * 1024 * 1024);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { unreadable: path };
  }
  const rules = rulesOf(parsed);
  return rules === null ? { unreadable: path } : { rules };
}

/** The `permissions` block of a parsed settings object; null when it has a shape the host would not accept. */
function rulesOf(settings: unknown): PermissionRules | null {
  if (!isRecord(settings)) return null;
  const permissions = settings.permissions;
  if (permissions === undefined) return { ...NO_RULES };
  if (!isRecord(permissions)) return null;
  const list = (key: string): string[] | null => {
    const value = permissions[key];
    if (value === undefined) return [];
    return Array.isArray(value) && value.every((rule) => typeof rule === "string") ? (value as string[]) : null;
  };
  const deny = list("deny");
  const ask = list("ask");
  const allow = list("allow");
  return deny && ask && allow ? { deny, ask, allow } : null;
}

function ancestors(cwd: string | null): string[] {
  if (!cwd) return [];
  const out: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    out.push(dir);
    if (dirname(dir) === dir) return out;
  }
}

interface HostFlags {
  rules: PermissionRules;
  settingsFiles: string[];
  inlineSettings: unknown[];
}

/** The Claude Code CLI itself (`claude`, its native `claude.exe`, or node running its `cli.js`), not some other ancestor. */
function isClaudeProcess(argv: string[]): boolean {
  return argv.slice(0, 2).some((arg) => /(?:^|\/)claude(?:\.exe)?$/.test(arg) || /claude-code\/cli\.[cm]?js$/.test(arg));
}

/** Permission flags on the command line of the Claude Code process that started this hook. */
function hostFlags(): HostFlags {
  const flags: HostFlags = { rules: { deny: [], ask: [], allow: [] }, settingsFiles: [], inlineSettings: [] };
  for (const argv of ancestorArgvs().filter(isClaudeProcess)) {
    for (let i = 0; i < argv.length; i++) {
      const [name, inline] = splitFlag(argv[i]!);
      const values = (): string[] => {
        if (inline !== undefined) return [inline];
        const taken: string[] = [];
        while (i + 1 < argv.length && !argv[i + 1]!.startsWith("-")) taken.push(argv[++i]!);
        return taken;
      };
      if (name === "--allowedTools" || name === "--allowed-tools") flags.rules.allow.push(...values().flatMap(splitToolList));
      else if (name === "--disallowedTools" || name === "--disallowed-tools") flags.rules.deny.push(...values().flatMap(splitToolList));
      else if (name === "--settings") {
        for (const value of values()) {
          if (value.trimStart().startsWith("{")) {
            try {
              flags.inlineSettings.push(JSON.parse(value));
            } catch {
              flags.inlineSettings.push(null);
            }
          } else flags.settingsFiles.push(value);
        }
      }
    }
  }
  return flags;
}

function splitFlag(arg: string): [string, string | undefined] {
  const eq = arg.indexOf("=");
  return arg.startsWith("--") && eq !== -1 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
}

/** `"Bash(git log:*),Read Edit"` → each rule; commas and spaces inside parentheses belong to the rule. */
function splitToolList(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of value) {
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || ch === " ")) {
      if (current.trim() !== "") out.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  if (current.trim() !== "") out.push(current.trim());
  return out;
}
