import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { runQuery } from "../../memory/query.ts";
import { gatherSessionContext, renderInject } from "../../memory/session-context.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

const UNCAPPED = { maxBytes: Number.MAX_SAFE_INTEGER, maxItemBytes: 400 };

export function registerContextTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_context",
    {
      description: "Project context: goal, active error, recent progress, hot files, stored facts; with path, that file's history.",
      inputSchema: z.strictObject({ path: z.string().min(1).optional() }),
    },
    guarded("omni_context", ({ path }) => {
      if (path) {
        const rows = runQuery(ctx.db(), { form: "context", path }, ctx.scope(), 0);
        return rows.length === 0 ? `No recorded history mentions ${path}.` : rows.map((row) => `${row.command}: ${row.detail}`).join("\n");
      }
      return (
        renderInject(gatherSessionContext(ctx.db(), ctx.scope(), ctx.nowSecs()), UNCAPPED) || "No context stored for this project yet."
      );
    }),
  );
}
