import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { parseHandle } from "../../base/handle.ts";
import { EXAMPLE_HANDLE } from "../../base/limits.ts";
import { getBlock, markRetrieved } from "../../store/archive.ts";
import type { ToolContext } from "../context.ts";
import { guarded, ToolFailure } from "../result.ts";

export function registerRetrieveTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_retrieve",
    {
      description: "Get back, byte for byte, the content an omni marker folded or omitted. Pass the 16-hex handle from the marker.",
      inputSchema: z.strictObject({ handle: z.string().describe("16 hex chars from the marker") }),
    },
    guarded("omni_retrieve", ({ handle }) => {
      const parsed = parseHandle(handle);
      if (!parsed) throw new ToolFailure(`"${handle}" is not a handle; copy the 16 hex characters after omni_retrieve in a marker.`);
      if (parsed === EXAMPLE_HANDLE)
        throw new ToolFailure(`${EXAMPLE_HANDLE} is the documentation example; use a handle from a real marker.`);
      const block = getBlock(ctx.db(), parsed);
      if (!block)
        throw new ToolFailure(`No archived block for handle ${parsed}; handles resolve for 30 days on the machine that made them.`);
      // A pull: counted, and the ledger delivers this block unfolded once.
      markRetrieved(ctx.db(), parsed, ctx.nowSecs(), ctx.agentId, "mcp");
      return block.content;
    }),
  );
}
