/** Antigravity: ~/.gemini/antigravity/mcp_config.json. */
import { join } from "node:path";
import { defineMcpHost } from "./mcp-host.ts";

export const antigravity = defineMcpHost({
  id: "antigravity",
  flags: ["antigravity"],
  label: "Antigravity",
  agentId: "antigravity",
  mcpClientNames: ["antigravity-client"],
  file: (context) => join(context.home, ".gemini", "antigravity", "mcp_config.json"),
  path: ["mcpServers", "omni"],
});
