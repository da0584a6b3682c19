import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { databasePath } from "../../platform/paths.ts";
import { findBlock, parseRetrieve, RetrieveError, selectPart } from "../../runtime/retrieve.ts";
import { markRetrieved } from "../../store/archive.ts";
import type { ToolContext } from "../context.ts";
import { guarded, ToolFailure } from "../result.ts";

export function registerRetrieveTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_retrieve",
    {
      description: "Get back, byte for byte, the content an omni marker folded or omitted. Pass the 16-hex handle from the marker.",
      inputSchema: z.strictObject({
        handle: z.string().describe("16 hex chars from the marker"),
        lines: z.string().optional().describe("only lines A-B (A-: to the end)"),
        grep: z.string().optional().describe("only lines matching this regex, as N:line"),
      }),
    },
    guarded("omni_retrieve", ({ handle, lines, grep }) => {
      try {
        const request = parseRetrieve({ handle, lines, grep });
        const block = findBlock(ctx.db(), request.handle, databasePath(ctx.env));
        // A pull: counted, and the ledger delivers this block unfolded once.
        markRetrieved(ctx.db(), request.handle, ctx.nowSecs(), ctx.agentId, "mcp");
        return selectPart(request, block).text;
      } catch (error) {
        if (error instanceof RetrieveError) throw new ToolFailure(error.message);
        throw error;
      }
    }),
  );
}
