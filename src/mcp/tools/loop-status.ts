import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerLoopStatusTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_loop_status",
    {
      description: "The loop in force: id, goal, budget, iteration, subagent flag.",
      inputSchema: z.strictObject({}),
    },
    guarded("omni_loop_status", () => {
      const loop = ctx.loop;
      if (loop.id === null) return "No loop: set OMNI_LOOP_ID or call omni_set_loop_context.";
      return JSON.stringify({
        loop_id: loop.id,
        goal: loop.goal,
        budget_tokens: loop.budgetTokens,
        iteration: loop.iteration,
        subagent: loop.subagent,
      });
    }),
  );
}
