/** Roo Code (VS Code extension): MCP servers in its globalStorage settings file. */
import { join } from "node:path";
import { vscodeUserDir } from "./config/shapes.ts";
import { defineMcpHost } from "./mcp-host.ts";

export const roo = defineMcpHost({
  id: "roo",
  flags: ["roo", "roo-code"],
  label: "Roo Code",
  agentId: "roo_code",
  mcpClientNames: ["Roo Code", "Roo-Code"],
  file: (context) => join(vscodeUserDir(context), "globalStorage", "rooveterinaryinc.roo-cline", "settings", "mcp_settings.json"),
  path: ["mcpServers", "omni"],
  extra: { disabled: false },
});
