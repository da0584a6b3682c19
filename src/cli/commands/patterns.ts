import { writeOut } from "../../platform/io.ts";
import { listPatterns, RESOLVED_HINT_PREFIX, type PatternRow } from "../../store/patterns.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";
import { withMemory } from "../../runtime/memory-runtime.ts";

const TOP_PATTERNS = 20;

export default defineCommand({
  usage: "omni patterns [--tool <name>]",
  description: "Errors that keep coming back across sessions, ACTIVE or RESOLVED, with a hint when one was fixed.",
  flags: { tool: { type: "string", valueName: "name", description: "only this tool family (cargo, npm, git, …)" } },
  notes: "Answers “have I hit this before”. Exit status: 0.",
  run({ env }, { flags, positionals }) {
    if (positionals.length > 0) throw new ActionableError("omni patterns takes no arguments; scope it with --tool <name>");
    const tool = typeof flags.tool === "string" ? flags.tool : null;
    return withMemory(
      env,
      ({ db }) => {
        const rows = listPatterns(db, tool, TOP_PATTERNS);
        if (rows.length === 0) writeOut(`no recurring error patterns${tool ? ` for ${tool}` : ""} yet\n`);
        for (const row of rows) {
          const state = row.resolved ? "RESOLVED" : "ACTIVE  ";
          writeOut(`${state} ×${String(row.occurrences).padEnd(4)}${row.toolFamily.padEnd(10)}${row.patternText}\n`);
          writeOut(`         hint: ${patternHint(row)}\n`);
        }
        return 0;
      },
      { readOnly: true },
    );
  },
});

/** What the hint may claim follows the state: an error that came back is not "passed". */
function patternHint(row: PatternRow): string {
  if (row.resolved) return row.hint ?? "resolved";
  const back = row.hint?.startsWith(RESOLVED_HINT_PREFIX)
    ? `failing again after \`${row.hint.slice(RESOLVED_HINT_PREFIX.length)}\` passed; `
    : "";
  return `${back}seen since ${new Date(row.firstSeen * 1000).toISOString().slice(0, 10)}; omni query context for <file> shows what ran`;
}
