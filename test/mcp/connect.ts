/** A real SDK Client connected to createServer() through the in-memory transport pair. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createToolContext, type ToolContext } from "../../src/mcp/context.ts";
import { createServer } from "../../src/mcp/server.ts";

export interface Connected {
  client: Client;
  ctx: ToolContext;
  close(): Promise<void>;
}

/** `clientName` is the `clientInfo.name` the client sends in `initialize`. */
export async function connect(env: Record<string, string>, cwd: string, clientName = "test"): Promise<Connected> {
  const ctx = createToolContext(env, cwd);
  const server = createServer(ctx);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: clientName, version: "1" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    ctx,
    async close() {
      await client.close();
      await server.close();
      ctx.close();
    },
  };
}

export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return content.map((part) => part.text).join("");
}
