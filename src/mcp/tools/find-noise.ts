import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { findNoise } from "../../memory/noise.ts";
import { recentTraceTexts } from "../../store/traces.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

const TRACES_SCANNED = 200;

export function registerFindNoiseTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_find_noise",
    {
      description: "Advisory: lines repeated across recent outputs that may be noise. Never structure or failures; review before acting.",
      inputSchema: z.strictObject({ limit: z.number().int().min(1).max(50).optional() }),
    },
    guarded("omni_find_noise", ({ limit }) => {
      const found = findNoise(recentTraceTexts(ctx.db(), ctx.scope().path, TRACES_SCANNED), limit ?? 10);
      if (found.length === 0) return "No repeated noise found in recent outputs.";
      return [
        "Advisory only; read each line before treating it as noise:",
        ...found.map((item) => `×${item.occurrences} in ${item.outputs} outputs: ${item.line}`),
      ].join("\n");
    }),
  );
}
