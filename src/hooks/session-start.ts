/**
 * SessionStart (and SubagentStart): inject what the project carries over (goal, last active
 * error, finished work, hot files, stored facts, pinned files), capped like `omni session
 * --inject` (1000 bytes, 120 per item), because this text is paid for on every request of the
 * session. Retention cleanup runs after the reply is written, never before it.
 */
import { memoryScope } from "../memory/scope.ts";
import { buildSessionInject } from "../memory/session-context.ts";
import { runRetention } from "../memory/session-lifecycle.ts";
import { stringField } from "../hosts/types.ts";
import { pinnedFilesIn } from "../platform/files.ts";
import type { HookContext, HookReply } from "./context.ts";

export function sessionStart(context: HookContext): HookReply {
  const { db, env } = context;
  const cwd = stringField(context.payload, "cwd");
  const nowSecs = Math.floor(context.deps.clock.now() / 1000);
  if (db) context.afterReply.push(() => runRetention(db, env, nowSecs));
  if (!db || !cwd) return null;
  const text = buildSessionInject(db, memoryScope(cwd), nowSecs, pinnedFilesIn(cwd));
  if (text === "") return null;
  return { hookSpecificOutput: { hookEventName: context.event, additionalContext: text } };
}
