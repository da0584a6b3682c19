/**
 * The hook dispatcher: one entry for every event of every host. It reads the event name from
 * the payload, folds host spellings into one canonical name (SPEC §7.1), and runs its handler.
 * An event without a handler is acknowledged silently.
 */
import { UNKNOWN_AGENT_ID } from "../base/agent-id.ts";
import { detectAgentId } from "../hosts/index.ts";
import { hostForPayload, hostForPreTool } from "../hosts/index.ts";
import { stringField } from "../hosts/types.ts";
import type { HookContext, HookHandler, HookReply } from "./context.ts";
import { postTool } from "./post-tool.ts";
import { postToolFailure } from "./post-tool-failure.ts";
import { preCompact } from "./pre-compact.ts";
import { preTool } from "./pre-tool.ts";
import { sessionEnd } from "./session-end.ts";
import { sessionStart } from "./session-start.ts";

export type CanonicalEvent =
  | "PreToolUse"
  | "PostToolUse"
  | "PostToolUseFailure"
  | "SessionStart"
  | "SubagentStart"
  | "SessionEnd"
  | "PreCompact"
  | "Stop"
  | "FileChanged";

/** Host spellings, lower-cased, except Cursor's `stop` (its session end) vs Claude's per-turn `Stop`. */
const SPELLINGS: Record<string, CanonicalEvent> = {
  pretooluse: "PreToolUse",
  beforetool: "PreToolUse",
  beforeshellexecution: "PreToolUse",
  posttooluse: "PostToolUse",
  aftertool: "PostToolUse",
  toolresult: "PostToolUse",
  posttoolusefailure: "PostToolUseFailure",
  sessionstart: "SessionStart",
  beforeagentstart: "SessionStart",
  subagentstart: "SubagentStart",
  sessionend: "SessionEnd",
  precompact: "PreCompact",
  filechanged: "FileChanged",
};

function canonicalEvent(name: string | null, fallback: CanonicalEvent): CanonicalEvent {
  if (!name) return fallback;
  if (name === "stop") return "SessionEnd";
  if (name === "Stop") return "Stop";
  return SPELLINGS[name.toLowerCase().replace(/[^a-z]/g, "")] ?? fallback;
}

const HANDLERS: Partial<Record<CanonicalEvent, HookHandler>> = {
  PreToolUse: preTool,
  PostToolUse: postTool,
  PostToolUseFailure: postToolFailure,
  SessionStart: sessionStart,
  SubagentStart: sessionStart,
  SessionEnd: sessionEnd,
  PreCompact: preCompact,
};

export function dispatchHook(context: Omit<HookContext, "event" | "agentId">, fallback: CanonicalEvent): HookReply {
  const named = stringField(context.payload, "hook_event_name", "hookEventName");
  const event = canonicalEvent(named, fallback);
  const handler = HANDLERS[event];
  if (!handler) return null;
  return handler({ ...context, event, agentId: agentIdFor(context, event) });
}

function agentIdFor(context: Omit<HookContext, "event" | "agentId">, event: CanonicalEvent): string {
  const explicit = context.env.OMNI_AGENT_ID?.trim();
  if (explicit) return explicit;
  if (event === "PreToolUse") return hostForPreTool(context.payload).agentId;
  const fromEnv = detectAgentId(context.env);
  return fromEnv !== UNKNOWN_AGENT_ID ? fromEnv : hostForPayload(context.payload).agentId;
}
