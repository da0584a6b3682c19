/** Cline (VS Code extension): MCP servers in its globalStorage settings file. */
import { join } from "node:path";
import { vscodeUserDir } from "./config/shapes.ts";
import { defineMcpHost } from "./mcp-host.ts";

export const cline = defineMcpHost({
  id: "cline",
  flags: ["cline"],
  label: "Cline",
  agentId: "cline",
  envMarkers: ["CLINE_TASK_ID"],
  mcpClientNames: ["Cline"],
  file: (context) => join(vscodeUserDir(context), "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json"),
  path: ["mcpServers", "omni"],
  extra: { disabled: false },
});
