import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { estimateTokens, pressureLevel, readPressureSettings } from "../../memory/pressure.ts";
import { listSessions } from "../../store/sessions.ts";
import { sessionTotals } from "../../store/runs.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerBudgetStatusTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_budget_status",
    {
      description: "Context pressure of the latest session against OMNI_CONTEXT_WINDOW, and the loop budget.",
      inputSchema: z.strictObject({}),
    },
    guarded("omni_budget_status", () => {
      const settings = readPressureSettings(ctx.env);
      const session = listSessions(ctx.db(), ctx.scope().path, 1)[0];
      const used = session ? estimateTokens(sessionTotals(ctx.db(), session.id).bytesOut) : 0;
      const level = pressureLevel(used, settings);
      return JSON.stringify({
        used_tokens_est: used,
        window_tokens: settings.windowTokens,
        ratio: Number((used / settings.windowTokens).toFixed(3)),
        level,
        warn_at: settings.warn,
        critical_at: settings.critical,
        loop_budget_tokens: ctx.loop.budgetTokens,
      });
    }),
  );
}
