/**
 * PostToolUse: stdin payload → host.normalize → runPipeline → host.render. Prints nothing (the
 * host keeps its own bytes) on any decline or error.
 */
import { readerScope } from "../core/agent-id.ts";
import { envRequestsPassthrough } from "../core/route.ts";
import { MAX_INPUT_BYTES } from "../core/limits.ts";
import { runPipeline, type PipelineDeps } from "../core/pipeline.ts";
import { hostForPayload } from "../hosts/index.ts";
import { isRecord } from "../hosts/types.ts";
import type { Env } from "../platform/paths.ts";
import { projectKey } from "../platform/project.ts";
import { decodeUtf8 } from "../platform/io.ts";

/** Room for the JSON around the tool output (ids, paths, the echoed input). */
const PAYLOAD_ENVELOPE_BYTES = 64 * 1024;
/** A payload past this carries more output than the pipeline edits: the host keeps its bytes. */
export const MAX_HOOK_PAYLOAD_BYTES = MAX_INPUT_BYTES + PAYLOAD_ENVELOPE_BYTES;

/** Returns the reply JSON to print, or null to print nothing. */
export function postToolReply(stdin: Uint8Array, env: Env, deps: PipelineDeps): string | null {
  // Past the input ceiling the output inside is too large to edit anyway: parsing it would only
  // multiply the host's payload in memory (a 50 MB payload peaked at 450 MB before this gate).
  if (stdin.length > MAX_HOOK_PAYLOAD_BYTES) return null;
  const text = decodeUtf8(stdin);
  if (text === null || text.trim() === "") return null;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(payload)) return null;
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
  return JSON.stringify(host.renderPostTool(payload, call, result.delivered, result.lineShift));
}
