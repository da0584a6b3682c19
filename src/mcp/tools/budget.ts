import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { sessionStatus } from "../../memory/session-report.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerBudgetTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_budget",
    {
      description: "Where the latest session's tokens went: commands, bytes read vs delivered, estimated context used.",
      inputSchema: z.strictObject({}),
    },
    guarded("omni_budget", () => {
      const status = sessionStatus(ctx.db(), ctx.scope(), ctx.nowSecs(), ctx.env);
      if (status.session_id === null) return "No session recorded for this project yet.";
      return `session ${status.session_id}: ${status.commands} commands, ${status.bytes_in} B read → ${status.bytes_out} B delivered, ~${status.context_tokens_est} tokens in context (${status.pressure})`;
    }),
  );
}
