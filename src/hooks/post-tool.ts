/**
 * PostToolUse: stdin payload → host.normalize → runPipeline → host.render. Prints nothing (the
 * host keeps its own bytes) on any decline or error.
 */
import { readerScope } from "../base/agent-id.ts";
import { HOST_PREVIEW_NOTE_BYTES, MEANINGFUL_PERCENT } from "../base/limits.ts";
import { byteLength } from "../base/lines.ts";
import { runPipeline } from "../core/pipeline.ts";
import { redactCommand, redactSecrets } from "../base/redact.ts";
import { routeTool, stripExecWrapper } from "../core/route.ts";
import { hostForPayload } from "../hosts/index.ts";
import { isRecord, type ToolCall } from "../hosts/types.ts";
import { runWishes } from "../memory/run-wishes.ts";
import { sessionNotices } from "../memory/pressure.ts";
import { projectPathOf } from "../platform/project-path.ts";
import type { HookContext, HookReply } from "./context.ts";

/** The PostToolUse handler the dispatcher calls: the reply object, or null to print nothing. */
export function postTool({ payload, env, deps, db }: Pick<HookContext, "payload" | "env" | "deps" | "db">): HookReply {
  const host = hostForPayload(payload);
  const call = host.normalizePostTool(payload);
  if (!call) return null;
  const projectPath = projectPathOf(call.cwd);
  const sessionId = readerScope(call.sessionId, call.subagentId);
  if (call.text === null) {
    if (call.declinedText !== undefined)
      recordDeclined(call, call.declinedText, { agentId: env.OMNI_AGENT_ID?.trim() || host.agentId, sessionId, projectPath }, deps);
    return null;
  }
  const result = runPipeline(
    {
      text: call.text,
      command: call.command,
      tool: call.tool,
      entry: "hook",
      failed: call.failed,
      exitCode: call.exitCode,
      agentId: env.OMNI_AGENT_ID?.trim() || host.agentId,
      sessionId,
      projectPath,
      ...runWishes(env, db, projectPath),
    },
    deps,
  );
  // The alternative the model had was a short preview note; only a clearly smaller reply beats it.
  const beatsPreview = !call.persistedOutput || byteLength(result.delivered) * 100 < HOST_PREVIEW_NOTE_BYTES * MEANINGFUL_PERCENT;
  const reply = result.changed && beatsPreview ? host.renderPostTool(payload, call, result.delivered, result.lineShift) : null;
  // Context-pressure and loop-budget warnings ride along as additionalContext (Claude Code's field).
  const notices = host.id === "claude" && db && sessionId ? sessionNotices(db, sessionId, env) : null;
  return notices ? withAdditionalContext(reply, notices) : reply;
}

function withAdditionalContext(reply: HookReply, text: string): HookReply {
  const output = isRecord(reply) && isRecord(reply.hookSpecificOutput) ? reply.hookSpecificOutput : { hookEventName: "PostToolUse" };
  return { hookSpecificOutput: { ...output, additionalContext: text } };
}

/**
 * A call the host cut at its own cap, whose whole output could not be read: nothing to edit,
 * but a row with its reason, so the largest outputs are counted (stats charges only up to the cap).
 */
function recordDeclined(
  call: ToolCall,
  text: string,
  who: { agentId: string; sessionId: string | null; projectPath: string | null },
  deps: HookContext["deps"],
): void {
  if (!deps.store) return;
  const now = deps.clock.now();
  const bytes = byteLength(text);
  // Traced like any run (masked), so a replay of this database meets the same cut and declines it again.
  const masked = redactSecrets(text).text;
  try {
    deps.store.record({
      tsMs: now,
      sessionId: who.sessionId,
      agentId: who.agentId,
      entry: "hook",
      tool: call.tool,
      command: redactCommand(stripExecWrapper(call.command)),
      label: routeTool(call.tool, stripExecWrapper(call.command)).label,
      distiller: null,
      route: "passthrough",
      reason: call.skipReason ?? "declined",
      inputBytes: bytes,
      outputBytes: bytes,
      deliveredBytes: bytes,
      latencyMs: 0,
      handle: null,
      projectPath: who.projectPath,
      exitCode: call.exitCode,
      footer: "none",
      raw: masked,
      delivered: masked,
    });
  } catch (error) {
    deps.log?.(`record failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
