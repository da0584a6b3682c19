import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { GLOBAL_SCOPE } from "../../base/project-hash.ts";
import { deleteKnowledge, getKnowledge, listKnowledge } from "../../store/knowledge.ts";
import type { ToolContext } from "../context.ts";
import { guarded, ToolFailure } from "../result.ts";

export function registerKnowledgeTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_knowledge",
    {
      description: "List stored project facts, or get/delete one by key (keys are shown by list).",
      inputSchema: z.strictObject({ action: z.enum(["list", "get", "delete"]), key: z.string().min(1).optional() }),
    },
    guarded("omni_knowledge", ({ action, key }) => {
      const db = ctx.db();
      const hash = ctx.scope().hash;
      if (action === "list") {
        const rows = listKnowledge(db, [hash, GLOBAL_SCOPE], 30);
        return rows.length === 0 ? "No facts stored for this project." : rows.map((row) => `${row.key}: ${row.value}`).join("\n");
      }
      if (!key) throw new ToolFailure(`omni_knowledge ${action} needs a key; call it with action "list" to see the keys.`);
      if (action === "get") {
        const row = getKnowledge(db, hash, key) ?? getKnowledge(db, GLOBAL_SCOPE, key);
        if (!row) throw new ToolFailure(`No fact stored under ${key}.`);
        return row.value;
      }
      if (!deleteKnowledge(db, hash, key) && !deleteKnowledge(db, GLOBAL_SCOPE, key)) throw new ToolFailure(`No fact stored under ${key}.`);
      return `Deleted ${key}.`;
    }),
  );
}
