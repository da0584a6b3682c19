import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { scoreLines, type Tier } from "../../base/score.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerDensityTool(server: ToolRegistrar, _ctx: ToolContext): void {
  server.registerTool(
    "omni_density",
    {
      description: "Signal density of a text: share of failure/verdict lines versus context and noise.",
      inputSchema: z.strictObject({ text: z.string().min(1) }),
    },
    guarded("omni_density", ({ text }) => {
      const counts: Record<Tier, number> = { critical: 0, important: 0, context: 0, noise: 0 };
      const lines = scoreLines(text);
      for (const line of lines) counts[line.tier]++;
      const signal = lines.length === 0 ? 0 : (counts.critical + counts.important) / lines.length;
      return `${lines.length} lines: ${counts.critical} critical, ${counts.important} important, ${counts.context} context, ${counts.noise} noise; density ${signal.toFixed(2)}`;
    }),
  );
}
