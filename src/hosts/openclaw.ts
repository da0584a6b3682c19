/** OpenClaw: outbound MCP servers under `mcp.servers` in ~/.openclaw/openclaw.json. */
import { join } from "node:path";
import { defineMcpHost } from "./mcp-host.ts";

export const openclaw = defineMcpHost({
  id: "openclaw",
  flags: ["openclaw"],
  label: "OpenClaw",
  agentId: "openclaw",
  file: (context) => join(context.env.OPENCLAW_HOME || join(context.home, ".openclaw"), "openclaw.json"),
  path: ["mcp", "servers", "omni"],
});
