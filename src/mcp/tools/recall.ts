import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { recall } from "../../memory/recall.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerRecallTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_recall",
    {
      description: "Search remembered facts, engrams and command history for this project, best match first.",
      inputSchema: z.strictObject({ query: z.string().min(2), limit: z.number().int().min(1).max(20).optional() }),
    },
    guarded("omni_recall", ({ query, limit }) => {
      const hits = recall(ctx.db(), query, ctx.scope(), limit ?? 5, ctx.nowSecs());
      return hits.length === 0 ? `Nothing stored matches "${query}".` : hits.map((hit) => `(${hit.source}) ${hit.text}`).join("\n");
    }),
  );
}
