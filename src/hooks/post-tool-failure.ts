/**
 * PostToolUseFailure: no reply can change what the model sees here (measured), so this only
 * records the error, for `omni patterns`, the session-start injection and engram capture (the
 * command's next passing run resolves it).
 */
import { stripExecWrapper } from "../core/route.ts";
import { isRecord, stringField } from "../hosts/types.ts";
import { memoryScope } from "../memory/scope.ts";
import { recordToolError } from "../memory/tool-errors.ts";
import type { HookContext, HookReply } from "./context.ts";

export function postToolFailure(context: HookContext): HookReply {
  const { payload, db } = context;
  const text = errorText(payload);
  if (!db || !text) return null;
  const input = isRecord(payload.tool_input) ? payload.tool_input : {};
  const cwd = stringField(payload, "cwd");
  recordToolError(db, {
    // A run the pre-hook sent through omni exec is recorded as the command that was typed.
    command: stripExecWrapper(stringField(input, "command", "file_path", "path") ?? stringField(payload, "tool_name", "toolName") ?? ""),
    text,
    sessionId: stringField(payload, "session_id", "sessionId"),
    projectHash: cwd ? memoryScope(cwd).hash : null,
    ts: Math.floor(context.deps.clock.now() / 1000),
  });
  return null;
}

/** Hosts say "failed" in different fields; Claude Code's `error` is "Exit code N\n" + the output. */
function errorText(payload: Record<string, unknown>): string | null {
  const response = isRecord(payload.tool_response) ? payload.tool_response : {};
  const text =
    stringField(payload, "error") ?? stringField(response, "stderr", "error", "content") ?? stringField(payload, "tool_response");
  const body = text?.replace(/^Exit code \d+\n?/, "").trim();
  return body ? body : null;
}
