/**
 * tools/list without the per-tool boilerplate the SDK adds (`$schema`, `execution`): every
 * advertised byte is re-read in the prefix of every request, so the listing carries only
 * name, description and the input schema. Calls still validate through the SDK's zod path.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { toJSONSchema, type ZodType } from "zod";
import { fail } from "./result.ts";

export type ToolRegistrar = Pick<McpServer, "registerTool">;

type Advertised = (name: string) => boolean;

/**
 * A registrar that records what each tool advertises, for the compact listing. A registered tool
 * the client was not told about answers as the SDK answers an unknown one.
 */
export function recordingRegistrar(server: McpServer, listed: Tool[], advertised: Advertised): ToolRegistrar {
  const registerTool = ((
    name: string,
    config: { description?: string; inputSchema?: ZodType },
    callback: (...args: unknown[]) => unknown,
  ) => {
    const { $schema: _dropped, ...schema } = toJSONSchema(config.inputSchema!, { target: "draft-7", io: "input" }) as Record<
      string,
      unknown
    >;
    listed.push({ name, description: config.description, inputSchema: schema as Tool["inputSchema"] });
    const gated = (...args: unknown[]) => (advertised(name) ? callback(...args) : fail(`Tool ${name} not found`));
    return server.registerTool(name, config as never, gated as never);
  }) as McpServer["registerTool"];
  return { registerTool };
}

export function serveCompactList(server: McpServer, listed: Tool[], advertised: Advertised): void {
  server.server.removeRequestHandler("tools/list");
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed.filter((tool) => advertised(tool.name)) }));
}
