import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { recentRuns } from "../../store/runs.ts";
import { searchEvents } from "../../store/session-events.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerSearchTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_search",
    {
      description: "Search session events (errors, resolutions) and commands run in this project.",
      inputSchema: z.strictObject({ query: z.string().min(2), limit: z.number().int().min(1).max(50).optional() }),
    },
    guarded("omni_search", ({ query, limit }) => {
      const db = ctx.db();
      const scope = ctx.scope();
      const events = searchEvents(db, query, scope.hash, limit ?? 10).map((event) => `${event.eventType}: ${event.content}`);
      const runs = recentRuns(db, {
        projectPath: scope.path,
        commandLike: `%${query.replace(/[\\%_]/g, "\\$&")}%`,
        limit: limit ?? 10,
      }).map((run) => `ran: ${run.command} (exit ${run.exitCode ?? "?"})`);
      const lines = [...events, ...runs];
      return lines.length === 0 ? `No session events or commands match "${query}".` : lines.join("\n");
    }),
  );
}
