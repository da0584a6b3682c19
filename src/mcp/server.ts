/** createServer(): the MCP server with the tools this host's tier is told about. */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { VERSION } from "../platform/version.ts";
import type { ToolContext } from "./context.ts";
import { advertisedTools, candidateTools, envNamesHost, hostForClient, type ToolName } from "./policy.ts";
import { registerTools } from "./tools/index.ts";

export function createServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: "omni", version: VERSION });
  let settled: readonly ToolName[] | null = null;
  // Settled on first use: tools/list and tools/call come after `initialize`, so the client's name is known.
  const advertised = () => {
    const client = server.server.getClientVersion();
    if (!client) return advertisedTools(ctx.env, ctx.agentId);
    return (settled ??= settleTier(ctx, client.name));
  };
  registerTools(server, ctx, candidateTools(ctx.env, ctx.agentId), advertised);
  return server;
}

/** The environment wins; otherwise a client whose name a host sends is that host, for its tier and its rows. */
function settleTier(ctx: ToolContext, clientName: string): readonly ToolName[] {
  const host = envNamesHost(ctx.env) ? null : hostForClient(clientName);
  if (host) ctx.agentId = host.agentId;
  return advertisedTools(ctx.env, ctx.agentId);
}
