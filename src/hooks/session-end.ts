/** SessionEnd (and a host's `stop`): write the session summary. Nothing is printed. */
import { stringField } from "../hosts/types.ts";
import { projectKey } from "../platform/project.ts";
import { writeSessionSummary } from "../store/session-state.ts";
import type { HookContext, HookReply } from "./context.ts";

export function sessionEnd(context: HookContext): HookReply {
  const sessionId = stringField(context.payload, "session_id", "sessionId");
  if (!context.db || !sessionId) return null;
  writeSessionSummary(context.db, {
    sessionId,
    endedAt: Math.floor(context.deps.clock.now() / 1000),
    agentId: context.agentId,
    exitReason: stringField(context.payload, "reason", "trigger"),
    projectPath: projectKey(stringField(context.payload, "cwd")),
  });
  return null;
}
