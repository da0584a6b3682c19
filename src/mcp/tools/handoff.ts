import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { handoffMarkdown } from "../../memory/handoff.ts";
import type { ToolContext } from "../context.ts";
import { guarded } from "../result.ts";

export function registerHandoffTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_handoff",
    {
      description: "Export this project's session state as portable markdown to paste into a new session elsewhere.",
      inputSchema: z.strictObject({}),
    },
    guarded("omni_handoff", () => handoffMarkdown(ctx.db(), ctx.scope(), ctx.nowSecs())),
  );
}
