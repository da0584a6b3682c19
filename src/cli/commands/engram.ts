import { engramReport } from "../../memory/engram-report.ts";
import { writeOut } from "../../platform/io.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";
import { withMemory } from "../../runtime/memory-runtime.ts";

export default defineCommand({
  usage: "omni engram [list] [--json]",
  description: "Digests of finished subtasks (a failing command that passes again), for the latest session with any.",
  flags: { json: { type: "boolean", description: "print {version, session_id, engrams:[…]}" } },
  notes: "omni engrams is accepted as an alias. Exit status: 0.",
  run({ env }, { flags, positionals }) {
    if (positionals.length > 1 || (positionals[0] !== undefined && positionals[0] !== "list"))
      throw new ActionableError("omni engram takes no arguments besides `list`; try omni engram --json");
    return withMemory(
      env,
      ({ db, scope, now }) => {
        const report = engramReport(db, scope, now);
        if (flags.json) writeOut(`${JSON.stringify(report)}\n`);
        else if (report.engrams.length === 0) writeOut("no engrams yet: they are captured when a failing command passes again\n");
        else
          for (const engram of report.engrams)
            writeOut(
              `${engram.created_at}  ${engram.headline}${engram.errors_resolved.length ? `\n    resolved: ${engram.errors_resolved.join(" | ")}` : ""}\n`,
            );
        return 0;
      },
      { readOnly: true },
    );
  },
});
