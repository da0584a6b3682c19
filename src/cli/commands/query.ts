import { parseQuery, queryFormsHelp, runQuery } from "../../memory/query.ts";
import { writeOut } from "../../platform/io.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";
import { withMemory } from "../../runtime/memory-runtime.ts";

export default defineCommand({
  usage: "omni query <form> [--json]",
  description: "A small fixed query language over distillation history, not free text.",
  flags: { json: { type: "boolean", description: "machine-readable output" } },
  notes: [
    "Forms:",
    "  omni query errors in last 5 commands",
    "  omni query warnings from cargo",
    "  omni query context for src/main.rs",
    "  omni query timeline today",
    "Exit status: 0, 1 when the query is not one of the forms.",
  ].join("\n"),
  run({ env }, { flags, positionals }) {
    const text = positionals.join(" ");
    const parsed = parseQuery(text);
    if (!parsed) throw new ActionableError(`query '${text}' is not one of the forms; ${queryFormsHelp()}`);
    return withMemory(
      env,
      ({ db, scope }) => {
        const midnight = new Date();
        midnight.setHours(0, 0, 0, 0);
        const rows = runQuery(db, parsed, scope, Math.floor(midnight.getTime() / 1000));
        if (flags.json) writeOut(`${JSON.stringify({ query: text, form: parsed.form, rows })}\n`);
        else if (rows.length === 0) writeOut("no matching history\n");
        else
          for (const row of rows)
            writeOut(`${row.ts ? `${new Date(row.ts * 1000).toISOString().slice(11, 19)}  ` : ""}${row.command}  ${row.detail}\n`);
        return 0;
      },
      { readOnly: true },
    );
  },
});
