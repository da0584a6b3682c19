/**
 * tools/list without the per-tool boilerplate the SDK adds (`$schema`, `execution`): every
 * advertised byte is re-read in the prefix of every request, so the listing carries only
 * name, description and the input schema. Calls still validate through the SDK's zod path.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { toJSONSchema, type ZodType } from "zod";

export type ToolRegistrar = Pick<McpServer, "registerTool">;

/** A registrar that records what each tool advertises, for the compact listing. */
export function recordingRegistrar(server: McpServer, listed: Tool[]): ToolRegistrar {
  const registerTool = ((name: string, config: { description?: string; inputSchema?: ZodType }, callback: never) => {
    const { $schema: _dropped, ...schema } = toJSONSchema(config.inputSchema!, { target: "draft-7", io: "input" }) as Record<string, unknown>;
    listed.push({ name, description: config.description, inputSchema: schema as Tool["inputSchema"] });
    return server.registerTool(name, config as never, callback);
  }) as McpServer["registerTool"];
  return { registerTool };
}

export function serveCompactList(server: McpServer, listed: Tool[]): void {
  server.server.removeRequestHandler("tools/list");
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
}
