/** GitHub Copilot CLI: ~/.copilot/mcp-config.json, local servers with a tool allow-list. */
import { join } from "node:path";
import { defineMcpHost } from "./mcp-host.ts";

export const copilot = defineMcpHost({
  id: "copilot",
  flags: ["copilot"],
  label: "GitHub Copilot CLI",
  agentId: "copilot",
  mcpClientNames: ["github-copilot-developer"],
  file: (context) => join(context.env.COPILOT_HOME || join(context.home, ".copilot"), "mcp-config.json"),
  path: ["mcpServers", "omni"],
  extra: { type: "local", tools: ["*"] },
});
