/**
 * PostToolUse: stdin payload → host.normalize → runPipeline → host.render. Prints nothing (the
 * host keeps its own bytes) on any decline or error.
 */
import { readerScope } from "../core/agent-id.ts";
import { HOST_PREVIEW_NOTE_BYTES, MEANINGFUL_PERCENT } from "../core/limits.ts";
import { byteLength } from "../core/lines.ts";
import { envRequestsPassthrough } from "../core/route.ts";
import { runPipeline } from "../core/pipeline.ts";
import { hostForPayload } from "../hosts/index.ts";
import { projectKey } from "../platform/project.ts";
import type { HookContext, HookReply } from "./context.ts";

/** The PostToolUse handler the dispatcher calls: the reply object, or null to print nothing. */
export function postTool({ payload, env, deps }: Pick<HookContext, "payload" | "env" | "deps">): HookReply {
  const host = hostForPayload(payload);
  const call = host.normalizePostTool(payload);
  if (!call || call.text === null) return null;
  const result = runPipeline(
    {
      text: call.text,
      command: call.command,
      tool: call.tool,
      entry: "hook",
      failed: call.failed,
      exitCode: call.exitCode,
      agentId: env.OMNI_AGENT_ID?.trim() || host.agentId,
      sessionId: readerScope(call.sessionId, call.subagentId),
      projectPath: projectKey(call.cwd),
      passthroughRequested: envRequestsPassthrough(env),
    },
    deps,
  );
  if (!result.changed) return null;
  // The alternative the model had was a short preview note; only a clearly smaller reply beats it.
  if (call.persistedOutput && byteLength(result.delivered) * 100 >= HOST_PREVIEW_NOTE_BYTES * MEANINGFUL_PERCENT) return null;
  return host.renderPostTool(payload, call, result.delivered, result.lineShift);
}
