import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { GLOBAL_SCOPE } from "../../base/project-hash.ts";
import { CATEGORIES, MAX_FACT_CHARS, rememberFact } from "../../memory/remember.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerRememberTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_remember",
    {
      description: "Store a fact for later sessions: a decision and its reason, a gotcha, a constraint no file states.",
      inputSchema: z.strictObject({
        text: z.string().min(3).max(MAX_FACT_CHARS),
        category: z.enum(CATEGORIES).optional(),
        tags: z.array(z.string()).max(10).optional(),
        global: z.boolean().optional().describe("all projects"),
      }),
    },
    guarded("omni_remember", ({ text, category, tags, global }) => {
      const key = rememberFact(ctx.db(), {
        text,
        category: category ?? "fact",
        tags: tags ?? [],
        projectHash: global ? GLOBAL_SCOPE : ctx.scope().hash,
        ts: ctx.nowSecs(),
      });
      return `Remembered as ${key}.`;
    }),
  );
}
