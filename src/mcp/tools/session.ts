import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { sessionHealth, sessionHistory, sessionStatus, sessionTranscript } from "../../memory/session-report.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerSessionTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_session",
    {
      description: "Session state as JSON: status (default), history, transcript or health.",
      inputSchema: z.strictObject({ view: z.enum(["status", "history", "transcript", "health"]).optional() }),
    },
    guarded("omni_session", ({ view }) => {
      const db = ctx.db();
      const scope = ctx.scope();
      const views = {
        status: () => sessionStatus(db, scope, ctx.nowSecs(), ctx.env),
        history: () => sessionHistory(db, scope),
        transcript: () => sessionTranscript(db, scope),
        health: () => sessionHealth(db, scope, ctx.nowSecs(), ctx.env),
      };
      return JSON.stringify(views[view ?? "status"](), null, 1);
    }),
  );
}
