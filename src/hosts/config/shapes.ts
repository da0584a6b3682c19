/**
 * The shapes hosts share: Claude-style hook groups, `mcpServers` entries, where VS Code keeps
 * its user settings. Host files call these; nothing here knows a particular host.
 */
import { join } from "node:path";
import { shellQuote } from "../../core/gateway/rewrite-form.ts";
import type { InstallContext } from "../types.ts";
import type { ConfigEntry, JsonElementEntry } from "./entry.ts";

/** omni's hook entry points, as `omni init` writes them into host configs. */
export type HookFlag = "--pre-hook" | "--post-hook" | "--hook" | "--session-start" | "--pre-compact";

export function hookCommand(exe: string, flag: HookFlag): string {
  return `${shellQuote(exe)} ${flag}`;
}

export interface HookSpec {
  event: string;
  /** Omitted for events a host does not match on. */
  matcher?: string;
  flag: HookFlag;
  async?: boolean;
}

/** `{hooks: {<Event>: [{matcher, hooks: [{type: "command", command}]}]}}` (Claude Code, Codex, Gemini). */
export function groupedHooks(file: string, exe: string, specs: HookSpec[]): JsonElementEntry[] {
  return specs.map((spec) => ({
    part: "hook",
    file,
    format: "json-element",
    path: ["hooks", spec.event],
    flag: spec.flag,
    value: {
      ...(spec.matcher === undefined ? {} : { matcher: spec.matcher }),
      hooks: [{ type: "command", command: hookCommand(exe, spec.flag), ...(spec.async ? { async: true } : {}) }],
    },
  }));
}

/** The stdio MCP server entry most hosts read: `{command, args, env}` plus host extras. */
export function mcpServer(
  file: string,
  path: string[],
  context: InstallContext,
  agentId: string,
  extra: Record<string, unknown> = {},
): ConfigEntry {
  return {
    part: "mcp",
    file,
    format: "json",
    path,
    value: { ...extra, command: context.exe, args: ["--mcp"], env: { OMNI_AGENT_ID: agentId } },
  };
}

/** VS Code's per-user directory (extensions keep their settings under globalStorage there). */
export function vscodeUserDir(context: InstallContext): string {
  if (context.platform === "darwin") return join(context.home, "Library", "Application Support", "Code", "User");
  if (context.platform === "win32") return join(context.env.APPDATA || join(context.home, "AppData", "Roaming"), "Code", "User");
  return join(context.env.XDG_CONFIG_HOME || join(context.home, ".config"), "Code", "User");
}

export function xdgConfigHome(context: InstallContext): string {
  return context.env.XDG_CONFIG_HOME || join(context.home, ".config");
}
