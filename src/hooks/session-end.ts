/** SessionEnd (and a host's `stop`): write the session summary. Nothing is printed. */
import { summarizeSession } from "../memory/session-lifecycle.ts";
import { stringField } from "../hosts/types.ts";
import type { HookContext, HookReply } from "./context.ts";

export function sessionEnd(context: HookContext): HookReply {
  const sessionId = stringField(context.payload, "session_id", "sessionId");
  if (!context.db || !sessionId) return null;
  summarizeSession(
    context.db,
    sessionId,
    stringField(context.payload, "reason", "trigger") ?? "end",
    Math.floor(context.deps.clock.now() / 1000),
  );
  return null;
}
