import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { parseQuery, queryFormsHelp, runQuery } from "../../memory/query.ts";
import type { ToolContext } from "../context.ts";
import { guarded, ToolFailure } from "../result.ts";

export function registerQueryTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_query",
    {
      description:
        "Query history with a fixed form: 'errors in last N commands', 'warnings from TOOL', 'context for PATH', 'timeline today'.",
      inputSchema: z.strictObject({ query: z.string().min(1) }),
    },
    guarded("omni_query", ({ query }) => {
      const parsed = parseQuery(query);
      if (!parsed) throw new ToolFailure(`"${query}" is not a query form; ${queryFormsHelp()}.`);
      const midnight = new Date(ctx.nowSecs() * 1000);
      midnight.setHours(0, 0, 0, 0);
      return JSON.stringify(runQuery(ctx.db(), parsed, ctx.scope(), Math.floor(midnight.getTime() / 1000)));
    }),
  );
}
