/**
 * PostToolUseFailure: no reply can change what the model sees here (measured), so this only
 * records the error: the line that states the failure (else the first non-blank one), for `omni patterns` and session-start injection.
 */
import { MAX_ACTIVE_ERRORS, MAX_ERROR_LINE_CHARS } from "../core/limits.ts";
import { isRecord, stringField } from "../hosts/types.ts";
import { projectKey } from "../platform/project.ts";
import { updateSessionState } from "../store/session-state.ts";
import { carriesFailure } from "../core/failure.ts";
import type { HookContext, HookReply } from "./context.ts";

export function postToolFailure(context: HookContext): HookReply {
  const { payload, db } = context;
  const sessionId = stringField(payload, "session_id", "sessionId");
  if (!db || !sessionId) return null;
  const line = firstErrorLine(payload);
  if (!line) return null;
  const input = isRecord(payload.tool_input) ? payload.tool_input : {};
  const entry = {
    tool: stringField(payload, "tool_name", "toolName") ?? "",
    command: stringField(input, "command", "file_path", "path") ?? "",
    line,
    ts: Math.floor(context.deps.clock.now() / 1000),
  };
  updateSessionState(
    db,
    { id: sessionId, agentId: context.agentId, projectPath: projectKey(stringField(payload, "cwd")), tsSec: entry.ts },
    (state) => ({ ...state, activeErrors: [...(state.activeErrors ?? []), entry].slice(-MAX_ACTIVE_ERRORS) }),
  );
  return null;
}

/** Hosts say "failed" in different fields; Claude Code's `error` starts with "Exit code N". */
export function firstErrorLine(payload: Record<string, unknown>): string | null {
  const response = isRecord(payload.tool_response) ? payload.tool_response : {};
  const sources = [stringField(payload, "error"), stringField(response, "stderr", "error", "content"), stringField(payload, "tool_response")];
  for (const source of sources) {
    if (!source) continue;
    const lines = source
      .split("\n")
      .map((candidate) => candidate.trim())
      .filter((candidate) => candidate !== "" && !/^Exit code \d+$/.test(candidate));
    // The line that says what failed beats a banner that happens to come first.
    const line = lines.find((candidate) => carriesFailure(candidate)) ?? lines[0];
    if (line) return line.slice(0, MAX_ERROR_LINE_CHARS);
  }
  return null;
}
