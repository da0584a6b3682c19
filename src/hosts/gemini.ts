/**
 * Gemini CLI: hooks and MCP both in ~/.gemini/settings.json. Its shell tool's output is reached
 * through the BeforeTool rewrite into `omni exec`, which distills before Gemini reads anything.
 * Measured on 0.61.0 (test/contract/gemini.test.ts): `hookSpecificOutput.tool_input` replaces
 * the input (the model also reads a one-line "[System] Tool input parameters were modified by a
 * hook" note), and SessionStart `additionalContext` reaches the model.
 */
import { join } from "node:path";
import { groupedHooks, mcpServer } from "./config/shapes.ts";
import type { HostAdapter } from "./types.ts";
import { geminiPermissionRules } from "./other-permissions.ts";

export const gemini: HostAdapter = {
  id: "gemini",
  flags: ["gemini"],
  label: "Gemini CLI",
  agentId: "gemini_cli",
  tier: "Full",
  envMarkers: ["GEMINI_CLI"],
  mcpClientNames: ["gemini-cli-mcp-client"],
  configEntries(context) {
    const settings = join(context.home, ".gemini", "settings.json");
    return [
      ...groupedHooks(settings, context.exe, [
        { event: "BeforeTool", matcher: "run_shell_command", flag: "--pre-hook" },
        { event: "SessionStart", flag: "--session-start" },
        { event: "SessionEnd", flag: "--hook" },
      ]),
      mcpServer(settings, ["mcpServers", "omni"], context, "gemini_cli"),
    ];
  },
  renderPreTool(updatedInput, reason, permission = "host") {
    if (updatedInput === null) return { hookSpecificOutput: { hookEventName: "BeforeTool", additionalContext: reason } };
    // "allow" skips Gemini's own confirmation: sent only where the gateway found the user's say given.
    const decision = permission === "allow" ? { decision: "allow", reason } : {};
    return { ...decision, hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: updatedInput } };
  },
  permissionRules: geminiPermissionRules,
};
