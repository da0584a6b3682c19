import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { recentRuns } from "../../store/runs.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerHistoryTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_history",
    {
      description: "Recent commands in this project with exit codes, newest first.",
      inputSchema: z.strictObject({ limit: z.number().int().min(1).max(100).optional() }),
    },
    guarded("omni_history", ({ limit }) => {
      const runs = recentRuns(ctx.db(), { projectPath: ctx.scope().path, limit: limit ?? 20 });
      if (runs.length === 0) return "No commands recorded for this project yet.";
      return runs
        .map((run) => `${new Date(run.ts * 1000).toISOString().slice(0, 19)}Z exit ${run.exitCode ?? "?"} ${run.command}`)
        .join("\n");
    }),
  );
}
