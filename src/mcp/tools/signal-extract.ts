import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { carriesFailure } from "../../base/failure.ts";
import { scoreLines } from "../../base/score.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerSignalExtractTool(server: ToolRegistrar, _ctx: ToolContext): void {
  server.registerTool(
    "omni_signal_extract",
    {
      description: "Keep only the failure and verdict lines of a text you already have.",
      inputSchema: z.strictObject({ text: z.string().min(1), max_lines: z.number().int().min(1).max(500).optional() }),
    },
    guarded("omni_signal_extract", ({ text, max_lines }) => {
      const kept = scoreLines(text).filter((line) => line.tier === "critical" || line.tier === "important" || carriesFailure(line.text));
      return kept.length === 0
        ? "No failure or verdict lines found."
        : kept
            .slice(0, max_lines ?? 100)
            .map((line) => line.text)
            .join("\n");
    }),
  );
}
