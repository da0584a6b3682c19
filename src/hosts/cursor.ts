/**
 * Cursor: it cannot rewrite its built-in shell tool's input or output, so omni records failures
 * and session ends through ~/.cursor/hooks.json and the agent reaches distilled output through
 * the MCP server's omni_run (Handoff-first), which a rule tells it to prefer. Cursor reads rule
 * files only per project, so the rule goes into the current directory's .cursor/rules.
 */
import { join } from "node:path";
import { hookCommand, mcpServer } from "./config/shapes.ts";
import { CURSOR_RULE_MARKER, cursorRuleSource } from "./cursor-rule.ts";
import type { ConfigEntry } from "./config/entry.ts";
import type { HostAdapter } from "./types.ts";

export const cursor: HostAdapter = {
  id: "cursor",
  flags: ["cursor"],
  label: "Cursor",
  agentId: "cursor",
  tier: "Handoff-first",
  envMarkers: ["CURSOR_TRACE_ID", "CURSOR_SESSION_ID"],
  mcpClientNames: ["cursor-vscode"],
  note: "Cursor reads rules per project: the rule telling its agent to prefer omni_run went into .cursor/rules/omni.mdc of the directory init ran in; run omni init --cursor in each project you open.",
  configEntries(context) {
    const hooks = join(context.home, ".cursor", "hooks.json");
    const hook = (event: string): ConfigEntry => ({
      part: "hook",
      file: hooks,
      format: "json-element",
      path: ["hooks", event],
      flag: "--hook",
      value: { command: hookCommand(context.exe, "--hook") },
    });
    return [
      { part: "hook", file: hooks, format: "json", path: ["version"], value: 1, shared: true },
      hook("postToolUseFailure"),
      hook("stop"),
      mcpServer(join(context.home, ".cursor", "mcp.json"), ["mcpServers", "omni"], context, "cursor", { type: "stdio" }),
      {
        part: "mcp",
        file: join(context.cwd, ".cursor", "rules", "omni.mdc"),
        format: "file",
        content: cursorRuleSource(),
        marker: CURSOR_RULE_MARKER,
        project: true,
      },
    ];
  },
};
