import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { MAX_VERIFY_CALLS, MIN_VERIFY_CALLS, verify } from "../../memory/verify.ts";
import { recentRuns } from "../../store/runs.ts";
import { recentTraceTexts } from "../../store/traces.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerVerifyTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_verify",
    {
      description:
        "Checker for maker/checker loops: PASS or FAIL over the last N runs here (any agent), with optional substrings the output must contain.",
      inputSchema: z.strictObject({
        criteria: z.array(z.string().min(1)).max(10).optional(),
        last_n_calls: z.number().int().min(MIN_VERIFY_CALLS).max(MAX_VERIFY_CALLS).optional(),
      }),
    },
    guarded("omni_verify", ({ criteria, last_n_calls }) => {
      const n = last_n_calls ?? 10;
      const verdict = verify(
        recentRuns(ctx.db(), { projectPath: ctx.scope().path, limit: n }),
        recentTraceTexts(ctx.db(), ctx.scope().path, n),
        criteria ?? [],
      );
      return verdict.pass ? `PASS (last ${n} runs)` : `FAIL\n${verdict.reasons.map((reason) => `- ${reason}`).join("\n")}`;
    }),
  );
}
