/** `omni_handoff`: the session as portable markdown, for a machine or host that shares no database. */
import type { Db } from "../store/db.ts";
import { recentRuns } from "../store/runs.ts";
import type { MemoryScope } from "./scope.ts";
import { gatherSessionContext } from "./session-context.ts";

const RECENT_COMMANDS = 10;

export function handoffMarkdown(db: Db, scope: MemoryScope, nowSecs: number): string {
  const context = gatherSessionContext(db, scope, nowSecs);
  const runs = context.session ? recentRuns(db, { sessionId: context.session.id, limit: RECENT_COMMANDS }) : [];
  const section = (title: string, lines: string[]) => (lines.length === 0 ? [] : [`## ${title}`, "", ...lines, ""]);
  return [
    "# Session handoff",
    "",
    `Project: ${scope.path ?? "(none)"}`,
    ...(context.session
      ? [`Session: ${context.session.id} · ${context.totals?.commands ?? 0} commands · ${context.totals?.failures ?? 0} failed`]
      : ["Session: none recorded"]),
    "",
    ...section("Goal", context.goal ? [context.goal] : []),
    ...section("Active error", context.activeError ? ["```", context.activeError, "```"] : []),
    ...section(
      "Done",
      context.progress.map((label) => `- ${label}`),
    ),
    ...section(
      "Hot files",
      context.hotFiles.map((path) => `- ${path}`),
    ),
    ...section(
      "Remembered",
      context.facts.map((fact) => `- ${fact}`),
    ),
    ...section(
      "Recent commands",
      runs.reverse().map((run) => `- \`${run.command}\` → exit ${run.exitCode ?? "?"}`),
    ),
  ].join("\n");
}
