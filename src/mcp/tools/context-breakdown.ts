import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { breakdown } from "../../store/runs.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerContextBreakdownTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_context_breakdown",
    {
      description: "Where this project's context went: bytes read and delivered per tool family.",
      inputSchema: z.strictObject({ days: z.number().int().min(1).max(90).optional() }),
    },
    guarded("omni_context_breakdown", ({ days }) => {
      const rows = breakdown(ctx.db(), "label", ctx.scope().path, ctx.nowSecs() - (days ?? 1) * 86_400, 15);
      if (rows.length === 0) return "Nothing recorded for this project in that window.";
      return rows.map((row) => `${row.key}: ${row.runs} runs, ${row.bytesIn} B → ${row.bytesOut} B`).join("\n");
    }),
  );
}
