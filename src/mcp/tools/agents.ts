import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { breakdown } from "../../store/runs.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerAgentsTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_agents",
    {
      description: "Runs and bytes per agent id (terminal = output no model read).",
      inputSchema: z.strictObject({ days: z.number().int().min(1).max(90).optional() }),
    },
    guarded("omni_agents", ({ days }) => {
      const rows = breakdown(ctx.db(), "agent", null, ctx.nowSecs() - (days ?? 7) * 86_400, 20);
      return rows.length === 0
        ? "No runs recorded in that window."
        : rows.map((row) => `${row.key}: ${row.runs} runs, ${row.bytesIn} B → ${row.bytesOut} B`).join("\n");
    }),
  );
}
