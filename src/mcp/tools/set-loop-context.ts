import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { loopGoalProblem, loopIdProblem, MAX_LOOP_BUDGET_TOKENS } from "../../memory/loop.ts";
import type { ToolContext } from "../context.ts";
import { guarded, ToolFailure } from "../result.ts";

export function registerSetLoopContextTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_set_loop_context",
    {
      description: "Set this server's loop: id, goal, token budget per iteration, iteration number.",
      inputSchema: z.strictObject({
        loop_id: z.string().min(1),
        goal: z.string().min(1).optional(),
        budget: z.number().int().min(1).optional(),
        iteration: z.number().int().min(0).optional(),
      }),
    },
    guarded("omni_set_loop_context", ({ loop_id, goal, budget, iteration }) => {
      const problem = loopIdProblem(loop_id) ?? (goal ? loopGoalProblem(goal) : null);
      if (problem) throw new ToolFailure(`Loop context not set: ${problem}.`);
      ctx.loop = {
        ...ctx.loop,
        id: loop_id,
        goal: goal ?? ctx.loop.goal,
        budgetTokens: budget === undefined ? ctx.loop.budgetTokens : Math.min(budget, MAX_LOOP_BUDGET_TOKENS),
        iteration: iteration ?? ctx.loop.iteration,
      };
      return `Loop ${loop_id} set${budget ? `, budget ${ctx.loop.budgetTokens} tokens` : ""}${iteration !== undefined ? `, iteration ${iteration}` : ""}.`;
    }),
  );
}
