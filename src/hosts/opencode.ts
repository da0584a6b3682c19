/**
 * OpenCode: the MCP server under `mcp.omni` in ~/.config/opencode/opencode.json (a local server
 * is one command array), and a plugin whose `tool.execute.before` applies omni's pre-hook
 * rewrite to bash calls, so their output reaches the model distilled through `omni exec`.
 * Measured on 1.18.33 (test/contract/opencode.test.ts).
 */
import { join } from "node:path";
import { xdgConfigHome } from "./config/shapes.ts";
import { opencodePluginSource } from "./opencode-plugin.ts";
import { opencodePermissionRules } from "./other-permissions.ts";
import type { HostAdapter } from "./types.ts";

export const opencode: HostAdapter = {
  id: "opencode",
  flags: ["opencode"],
  label: "OpenCode",
  agentId: "opencode",
  tier: "Full",
  envMarkers: ["OPENCODE", "OPENCODE_SESSION"],
  mcpClientNames: ["opencode"],
  configEntries(context) {
    const dir = join(xdgConfigHome(context), "opencode");
    return [
      { part: "hook", file: join(dir, "plugins", "omni.ts"), format: "file", content: opencodePluginSource(context.exe) },
      {
        part: "mcp",
        file: join(dir, "opencode.json"),
        format: "json",
        path: ["mcp", "omni"],
        value: { type: "local", command: [context.exe, "--mcp"], enabled: true, environment: { OMNI_AGENT_ID: "opencode" } },
      },
    ];
  },
  // The plugin applies `updatedInput.command` and nothing else: OpenCode's own permission check
  // then runs on the rewrite, so a rewrite is made only where no OpenCode rule could stop holding.
  renderPreTool(updatedInput, reason) {
    if (updatedInput === null) return null;
    return { hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput, reason } };
  },
  permissionRules: opencodePermissionRules,
};
