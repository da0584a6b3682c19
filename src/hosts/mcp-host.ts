/** Hosts omni reaches only through its MCP server: one config file, one server entry. */
import { mcpServer } from "./config/shapes.ts";
import type { ConfigEntry } from "./config/entry.ts";
import type { HostAdapter, InstallContext } from "./types.ts";

export interface McpHostSpec {
  id: string;
  flags: readonly string[];
  label: string;
  agentId: string;
  envMarkers?: readonly string[];
  mcpClientNames?: readonly string[];
  /** The host's config file and the key path of omni's server inside it. */
  file(context: InstallContext): string;
  path: string[];
  /** The server entry, when the host's shape differs from `{command, args, env}`. */
  value?(context: InstallContext): unknown;
  extra?: Record<string, unknown>;
  /** More entries (a workspace file for `--all`, say). */
  more?(context: InstallContext): ConfigEntry[];
}

export function defineMcpHost(spec: McpHostSpec): HostAdapter {
  return {
    id: spec.id,
    flags: spec.flags,
    label: spec.label,
    agentId: spec.agentId,
    tier: "MCP-only",
    envMarkers: spec.envMarkers ?? [],
    mcpClientNames: spec.mcpClientNames ?? [],
    configEntries(context) {
      const file = spec.file(context);
      const entry = spec.value
        ? ({ part: "mcp", file, format: "json", path: spec.path, value: spec.value(context) } as const)
        : mcpServer(file, spec.path, context, spec.agentId, spec.extra);
      return [entry, ...(spec.more?.(context) ?? [])];
    },
  };
}
