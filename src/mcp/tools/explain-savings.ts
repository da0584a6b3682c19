import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { recentRuns } from "../../store/runs.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerExplainSavingsTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_explain_savings",
    {
      description: "What omni did to the last commands here: bytes in → out, route, and why it passed through.",
      inputSchema: z.strictObject({ last_n: z.number().int().min(1).max(50).optional() }),
    },
    guarded("omni_explain_savings", ({ last_n }) => {
      const runs = recentRuns(ctx.db(), { projectPath: ctx.scope().path, limit: last_n ?? 5 });
      if (runs.length === 0) return "No commands recorded for this project yet.";
      return runs
        .map((run) => {
          const saved = run.inputBytes === 0 ? 0 : Math.round((100 * (run.inputBytes - run.outputBytes)) / run.inputBytes);
          return `${run.command}: ${run.inputBytes} B → ${run.outputBytes} B (${saved}%), ${run.route}${run.reason ? ` (${run.reason})` : ""}${run.handle ? `, handle ${run.handle}` : ""}`;
        })
        .join("\n");
    }),
  );
}
