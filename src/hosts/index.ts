/**
 * The host registry. Every loop over hosts (hooks, init, doctor, reset, uninstall) reads this one
 * map; its order is the order of the menu, of doctor's report and of environment detection
 * (Cursor before VS Code: Cursor is a VS Code fork and sets VS Code's variables too).
 */
import { antigravity } from "./antigravity.ts";
import { claude } from "./claude.ts";
import { cline } from "./cline.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { gemini } from "./gemini.ts";
import { hermes } from "./hermes.ts";
import { openclaw } from "./openclaw.ts";
import { opencode } from "./opencode.ts";
import { pi } from "./pi.ts";
import { roo } from "./roo.ts";
import { vscode } from "./vscode.ts";
import { zed } from "./zed.ts";
import { isRecord, stringField, type HostAdapter, type ToolHost } from "./types.ts";
import type { Env } from "../platform/paths.ts";
import { TERMINAL_AGENT_ID, UNKNOWN_AGENT_ID } from "../base/agent-id.ts";

export const hosts = {
  claude,
  cursor,
  codex,
  gemini,
  cline,
  roo,
  copilot,
  opencode,
  zed,
  openclaw,
  antigravity,
  hermes,
  vscode,
  pi,
} satisfies Record<string, HostAdapter>;

export type HostId = keyof typeof hosts;

export const hostList: readonly HostAdapter[] = Object.values(hosts);

/** `--roo-code` → roo. Null for a flag no host answers to. */
export function hostByFlag(flag: string): HostAdapter | null {
  return hostList.find((host) => host.flags.includes(flag)) ?? null;
}

/** The host omni is running inside, from its environment variables; null when none says so. */
export function hostFromEnv(env: Env): HostAdapter | null {
  const explicit = env.OMNI_AGENT_ID?.trim();
  if (explicit) return hostList.find((host) => host.agentId === explicit || host.id === explicit) ?? null;
  return hostList.find((host) => host.envMarkers.some((key) => env[key])) ?? (env.TERM_PROGRAM === "vscode" ? hosts.vscode : null);
}

/** Agents omni has no integration for, still worth telling apart on recorded rows. */
const OTHER_AGENT_MARKERS: ReadonlyArray<[key: string, agentId: string]> = [
  ["WINDSURF_SESSION", "windsurf"],
  ["CONTINUE_SESSION_ID", "vscode_continue"],
  ["AIDER_SESSION", "aider"],
];

/**
 * Which agent is reading, when no payload says. Rows are split by this id. `terminal` (TTY
 * output no model read) is never guessed here: only the caller knows whether its stdout is a
 * TTY, and output that goes anywhere else may well reach a model, so it is `unknown`.
 */
export function detectAgentId(env: Env): string {
  const explicit = env.OMNI_AGENT_ID?.trim();
  if (explicit) return explicit;
  return hostFromEnv(env)?.agentId ?? OTHER_AGENT_MARKERS.find(([key]) => env[key])?.[1] ?? UNKNOWN_AGENT_ID;
}

/**
 * Who reads what a command prints on stdout (exec, pipe mode, retrieve): a person when stdout is
 * a TTY, else the host the environment names, else `unknown` (model-facing).
 */
export function stdoutReaderId(env: Env, stdoutIsTty: boolean): string {
  return stdoutIsTty ? TERMINAL_AGENT_ID : detectAgentId(env);
}

/** Which adapter reads a post-tool payload. Claude Code's shape is the default, as hosts copy it. */
export function hostForPayload(payload: Record<string, unknown>): ToolHost {
  if (typeof payload.toolName === "string" && isRecord(payload.toolResponse)) return hosts.pi;
  if (payload.hermes_hook === "transform_terminal_output") return hosts.hermes;
  return hosts.claude;
}

/** Which host sent a pre-tool payload (SPEC §7.4): Gemini names its event, Codex adds a turn id. */
export function hostForPreTool(payload: Record<string, unknown>): HostAdapter {
  if (stringField(payload, "hook_event_name", "hookEventName") === "BeforeTool") return hosts.gemini;
  if ("turn_id" in payload) return hosts.codex;
  // omni's own OpenCode plugin says so: its payload is otherwise Claude-shaped.
  if (payload.omni_host === "opencode") return hosts.opencode;
  return hosts.claude;
}
