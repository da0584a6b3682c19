import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { listPatterns } from "../../store/patterns.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerInsightTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_insight",
    {
      description: "Recurring errors across sessions, most frequent first, ACTIVE or RESOLVED with a hint.",
      inputSchema: z.strictObject({ tool: z.string().min(1).optional() }),
    },
    guarded("omni_insight", ({ tool }) => {
      const rows = listPatterns(ctx.db(), tool ?? null, 20);
      if (rows.length === 0) return "No recurring error patterns recorded.";
      return rows
        .map(
          (row) =>
            `${row.resolved ? "RESOLVED" : "ACTIVE"} ×${row.occurrences} ${row.toolFamily}: ${row.patternText}${row.hint ? ` (hint: ${row.hint})` : ""}`,
        )
        .join("\n");
    }),
  );
}
