/** createServer(): the MCP server with the tools this host's tier is told about. */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { VERSION } from "../version.ts";
import type { ToolContext } from "./context.ts";
import { advertisedTools } from "./policy.ts";
import { registerTools } from "./tools/index.ts";

export function createServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: "omni", version: VERSION });
  registerTools(server, ctx, advertisedTools(ctx.env, ctx.agentId));
  return server;
}
