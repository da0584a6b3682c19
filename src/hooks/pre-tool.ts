/**
 * PreToolUse: ask the gateway whether the shell command goes through `omni exec …`, and render
 * its answer in the host's shape, carrying every other field of the tool input because hosts
 * replace the input rather than merge it; or, for a command that would change a file named many
 * times this session, warn through the reason.
 */
import { decideRewrite } from "../core/gateway/decide.ts";
import { NO_RULES } from "../core/gateway/permission-rules.ts";
import { HOT_FILE_ACCESS_THRESHOLD, isMutating, targetFiles } from "../core/pre-tool-rules.ts";
import { envRequestsPassthrough } from "../core/route.ts";
import { homeDir } from "../platform/paths.ts";
import { hostForPreTool } from "../hosts/index.ts";
import { isRecord, stringField } from "../hosts/types.ts";
import { projectPathOf } from "../platform/project-path.ts";
import { updateSessionState } from "../store/sessions.ts";
import type { HookContext, HookReply } from "./context.ts";

const REWRITE_REASON = "OMNI auto-rewrite to reduce token noise";

export function preTool(context: HookContext): HookReply {
  const { payload, env } = context;
  const input = isRecord(payload.tool_input) ? payload.tool_input : null;
  const command = input ? stringField(input, "command") : null;
  if (!input || !command) return null;
  const host = hostForPreTool(payload);
  const sessionId = stringField(payload, "session_id", "sessionId");
  const agentId = context.agentId || host.agentId;

  if (!envRequestsPassthrough(env) && host.renderPreTool) {
    const decision = decideRewrite({
      command,
      runInBackground: input.run_in_background === true,
      permissionMode: stringField(payload, "permission_mode"),
      rules: () => (host.permissionRules ? host.permissionRules(payload, env, homeDir(env)) : NO_RULES),
      exe: context.exe,
      scope: {
        agentId,
        sessionId,
        subagentId: stringField(payload, "agent_id", "agentId") || null,
        hostTimeoutMs: host.shellTimeoutMs?.(input, env) ?? null,
      },
    });
    if (decision.rewrite) {
      const reply = host.renderPreTool({ ...input, command: decision.command }, REWRITE_REASON, decision.permission);
      if (reply !== null) return reply;
    }
  }
  const hot = sessionId ? recordAccess(context, sessionId, agentId, command) : [];
  if (hot.length > 0 && isMutating(command)) {
    return (
      host.renderPreTool?.(
        null,
        `OMNI Guard: ${hot.join(", ")} is a hot file (named by ${HOT_FILE_ACCESS_THRESHOLD}+ commands this session); check before changing it`,
      ) ?? null
    );
  }
  return null;
}

/** Count this command's target files for the session; returns those past the hot threshold. */
function recordAccess(context: HookContext, sessionId: string, agentId: string, command: string): string[] {
  const files = targetFiles(command);
  if (files.length === 0 || !context.db) return [];
  const state = updateSessionState(
    context.db,
    {
      id: sessionId,
      agentId,
      projectPath: projectPathOf(stringField(context.payload, "cwd")),
      tsSec: Math.floor(context.deps.clock.now() / 1000),
    },
    (current) => {
      const access = { ...(current.fileAccess ?? {}) };
      for (const file of files) access[file] = (access[file] ?? 0) + 1;
      return { ...current, fileAccess: access };
    },
  );
  // "accessed more than twice" counts the earlier commands, not this one.
  return files.filter((file) => (state.fileAccess?.[file] ?? 0) - 1 > HOT_FILE_ACCESS_THRESHOLD);
}
