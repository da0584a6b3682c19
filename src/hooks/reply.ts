/**
 * From hook stdin to the reply: size gate, parse, dispatch. The hook process and the benchmark
 * both call this, so a replay measures exactly what a host would get.
 */
import { MAX_INPUT_BYTES } from "../base/limits.ts";
import { isRecord } from "../hosts/types.ts";
import { decodeUtf8 } from "../platform/io.ts";
import type { HookContext, HookReply } from "./context.ts";
import { dispatchHook, type CanonicalEvent } from "./dispatch.ts";

/** Room for the JSON around the tool output (ids, paths, the echoed input). */
const PAYLOAD_ENVELOPE_BYTES = 64 * 1024;
/** A payload past this carries more output than the pipeline edits: the host keeps its bytes. */
export const MAX_HOOK_PAYLOAD_BYTES = MAX_INPUT_BYTES + PAYLOAD_ENVELOPE_BYTES;

export function hookReply(
  stdin: Uint8Array,
  context: Omit<HookContext, "payload" | "event" | "agentId">,
  fallback: CanonicalEvent,
): HookReply {
  // Past the input ceiling the output inside is too large to edit anyway: parsing it would only
  // multiply the host's payload in memory (a 50 MB payload peaked at 450 MB before this gate).
  if (stdin.length > MAX_HOOK_PAYLOAD_BYTES) return null;
  const payload = parsePayload(stdin);
  if (payload === null) return null;
  return dispatchHook({ ...context, payload }, fallback);
}

function parsePayload(stdin: Uint8Array): Record<string, unknown> | null {
  const text = decodeUtf8(stdin);
  if (text === null || text.trim() === "") return null;
  try {
    const payload: unknown = JSON.parse(text);
    return isRecord(payload) ? payload : null;
  } catch {
    return null;
  }
}
