import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { passthroughReasons } from "../../store/passthrough-events.ts";
import { recentRuns } from "../../store/runs.ts";
import { retrieveCount } from "../../store/retrieve-events.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerAdaptiveInsightsTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_adaptive_insights",
    {
      description: "How distillation is landing: retrieve rate (pulls per distilled run) and top passthrough reasons.",
      inputSchema: z.strictObject({ days: z.number().int().min(1).max(30).optional() }),
    },
    guarded("omni_adaptive_insights", ({ days }) => {
      const since = ctx.nowSecs() - (days ?? 7) * 86_400;
      const db = ctx.db();
      const distilled = recentRuns(db, { sinceTs: since, limit: 100_000 }).filter((run) => run.handle !== null).length;
      const pulls = retrieveCount(db, since);
      const reasons = passthroughReasons(db, since, 5).map((row) => `  ${row.reason}: ${row.count} runs, ${row.bytes} B`);
      return [
        `retrieve rate: ${pulls} pulls / ${distilled} distilled runs${distilled ? ` (${((100 * pulls) / distilled).toFixed(1)}%)` : ""}`,
        "top passthrough reasons:",
        ...(reasons.length ? reasons : ["  none"]),
      ].join("\n");
    }),
  );
}
