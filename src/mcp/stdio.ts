/** `omni --mcp`: serve over stdio until the host closes stdin. Loaded lazily: hooks never pay for the SDK. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Env } from "../platform/paths.ts";
import { createToolContext } from "./context.ts";
import { createServer } from "./server.ts";

export async function runMcpServer(env: Env): Promise<number> {
  const ctx = createToolContext(env, process.cwd());
  const server = createServer(ctx);
  await server.connect(new StdioServerTransport());
  await new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  ctx.close();
  return 0;
}
