import { handoffMarkdown } from "../../memory/handoff.ts";
import { buildSessionInject } from "../../memory/session-context.ts";
import { sessionHealth, sessionHistory, sessionStatus, sessionTranscript } from "../../memory/session-report.ts";
import { writeOut } from "../../platform/io.ts";
import { deleteSession, listSessions } from "../../store/sessions.ts";
import { pinnedFilesIn } from "../../platform/files.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";
import { withMemory } from "../../runtime/memory-runtime.ts";

const VIEWS = ["status", "history", "resume", "continue", "transcript", "health", "inject", "clear"] as const;

export default defineCommand({
  usage: "omni session [--status|--history|--resume|--continue|--transcript|--health|--inject|--clear] [--json]",
  description: "Session state: what this session has spent, on what, and how to carry it across a restart.",
  flags: {
    status: { type: "boolean", description: "the latest session of this project and every agent seen in it (default)" },
    history: { type: "boolean", description: "the last 10 sessions" },
    resume: { type: "boolean", description: "markdown to resume an interrupted session" },
    continue: { type: "boolean", description: "the session-start context block, uncapped per item" },
    transcript: { type: "boolean", description: "the latest session's commands in order (7-day tier)" },
    health: { type: "boolean", description: "pressure, failure rate, active error" },
    inject: { type: "boolean", description: "the session-start block (≤1000 B, ≤120 B per item)" },
    clear: { type: "boolean", description: "forget the latest session's state (not its facts)" },
    json: { type: "boolean", description: "machine-readable output" },
  },
  notes: "omni sessions is accepted as an alias. Exit status: 0, 1 on a usage error.",
  run({ env }, { flags, positionals }) {
    if (positionals.length > 0) throw new ActionableError(`omni session takes flags, not \`${positionals[0]}\`; run omni session --help`);
    const chosen = VIEWS.filter((view) => flags[view]);
    if (chosen.length > 1) throw new ActionableError(`choose one of ${chosen.map((view) => `--${view}`).join(", ")}`);
    const view = chosen[0] ?? "status";
    return withMemory(
      env,
      ({ db, scope, now }) => {
        const print = (value: unknown, text: string) =>
          writeOut(flags.json ? `${JSON.stringify(value)}\n` : text.endsWith("\n") || text === "" ? text : `${text}\n`);
        switch (view) {
          case "inject":
          case "continue": {
            const block = buildSessionInject(
              db,
              scope,
              now,
              pinnedFilesIn(process.cwd()),
              view === "continue" ? { maxBytes: Number.MAX_SAFE_INTEGER, maxItemBytes: Number.MAX_SAFE_INTEGER } : undefined,
            );
            print({ context: block }, block);
            break;
          }
          case "resume": {
            const markdown = handoffMarkdown(db, scope, now);
            print({ markdown }, markdown);
            break;
          }
          case "history": {
            const rows = sessionHistory(db, scope);
            print(
              rows,
              rows
                .map(
                  (row) =>
                    `${row.session_id}  ${isoSecs(row.last_active)}  ${row.commands} commands, ${row.failures} failed, ${row.bytesIn} B → ${row.bytesOut} B`,
                )
                .join("\n") || "no sessions recorded for this project",
            );
            break;
          }
          case "transcript": {
            const rows = sessionTranscript(db, scope);
            print(
              rows,
              rows
                .map((row) => `${new Date(row.ts * 1000).toISOString().slice(11, 19)}  exit ${row.exit_code ?? "?"}  ${row.command}`)
                .join("\n") || "no session recorded for this project",
            );
            break;
          }
          case "health": {
            const health = sessionHealth(db, scope, now, env);
            print(
              health,
              Object.entries(health)
                .map(([key, value]) => `${key.padEnd(20)}${value ?? "-"}`)
                .join("\n"),
            );
            break;
          }
          case "clear": {
            const session = listSessions(db, scope.path, 1)[0];
            const cleared = session ? deleteSession(db, session.id) : false;
            print({ cleared: cleared ? session!.id : null }, cleared ? `cleared session ${session!.id}` : "no session to clear");
            break;
          }
          default: {
            const { agents, ...status } = sessionStatus(db, scope, now, env);
            const lines = Object.entries(status).map(
              ([key, value]) =>
                `${key.padEnd(20)}${Array.isArray(value) ? value.join(", ") || "-" : TIME_FIELDS.has(key) && typeof value === "number" ? isoSecs(value) : (value ?? "-")}`,
            );
            const width = Math.max(0, ...agents.map((agent) => agent.agent_id.length));
            const agentLines = agents.map(
              (agent, i) =>
                `${(i === 0 ? "agents" : "").padEnd(20)}${agent.agent_id.padEnd(width)}  session ${agent.session_id ?? "-"}  last active ${isoSecs(agent.last_active)}`,
            );
            print({ ...status, agents }, [...lines, ...(agentLines.length > 0 ? agentLines : [`${"agents".padEnd(20)}-`])].join("\n"));
          }
        }
        return 0;
        // Every view but --clear only reads: it works on a database this user cannot write.
      },
      { readOnly: view !== "clear" },
    );
  },
});

/** Unix seconds in the JSON (a script computes with them), a date a person can read in the text. */
const TIME_FIELDS = new Set(["started_at", "last_active"]);

function isoSecs(secs: number): string {
  return new Date(secs * 1000).toISOString();
}
