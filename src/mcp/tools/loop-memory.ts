import type { ToolRegistrar } from "../compact-list.ts";
import { createHash } from "node:crypto";
import { z } from "zod";
import { listLoopFacts, putLoopFact } from "../../store/loops.ts";
import type { ToolContext } from "../context.ts";
import { guarded, ToolFailure } from "../result.ts";

export function registerLoopMemoryTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_loop_memory",
    {
      description: "Facts a loop carries across iterations: set one (confirming it again raises confidence) or get them.",
      inputSchema: z.strictObject({
        action: z.enum(["get", "set"]),
        key: z.string().min(1).max(200).optional(),
        value: z.string().min(1).max(2000).optional(),
      }),
    },
    guarded("omni_loop_memory", ({ action, key, value }) => {
      const loop = ctx.loop;
      if (loop.id === null) throw new ToolFailure("No loop is set; export OMNI_LOOP_ID or call omni_set_loop_context first.");
      const loopHash = createHash("sha256")
        .update(`${loop.id}\0${loop.goal ?? ""}`)
        .digest("hex")
        .slice(0, 16);
      if (action === "set") {
        if (!key || !value) throw new ToolFailure("omni_loop_memory set needs both key and value.");
        putLoopFact(ctx.db(), loopHash, key, value, ctx.nowSecs());
        return `Stored ${key} for loop ${loop.id}.`;
      }
      const facts = listLoopFacts(ctx.db(), loopHash, key ?? null);
      return facts.length === 0
        ? "No loop facts stored."
        : facts
            .map((fact) => `${fact.key} = ${fact.value} (confidence ${fact.confidence.toFixed(1)}, confirmed ${fact.timesConfirmed}×)`)
            .join("\n");
    }),
  );
}
