/**
 * Which tools a host is told about. Tool definitions sit in the prefix of every request, so a
 * tool nobody calls is paid for on every request: each tier gets the set it actually uses.
 */
import { hostFromEnv, hostList } from "../hosts/index.ts";
import type { HostAdapter, Tier } from "../hosts/types.ts";
import type { Env } from "../platform/paths.ts";

export const ALL_TOOLS = [
  "omni_retrieve",
  "omni_run",
  "omni_signal_extract",
  "omni_explain_savings",
  "omni_history",
  "omni_context_breakdown",
  "omni_density",
  "omni_budget",
  "omni_remember",
  "omni_recall",
  "omni_knowledge",
  "omni_insight",
  "omni_adaptive_insights",
  "omni_handoff",
  "omni_session",
  "omni_search",
  "omni_query",
  "omni_context",
  "omni_agents",
  "omni_find_noise",
  "omni_loop_status",
  "omni_loop_memory",
  "omni_set_loop_context",
  "omni_budget_status",
  "omni_verify",
] as const;

export type ToolName = (typeof ALL_TOOLS)[number];

/** The nine actually called across the recorded corpus. */
export const DEFAULT_TOOLS: readonly ToolName[] = [
  "omni_retrieve",
  "omni_explain_savings",
  "omni_remember",
  "omni_recall",
  "omni_run",
  "omni_find_noise",
  "omni_context_breakdown",
  "omni_history",
  "omni_context",
];
/** Hosts without hooks get memory and retrieval only. */
export const MCP_ONLY_TOOLS: readonly ToolName[] = ["omni_remember", "omni_recall", "omni_retrieve", "omni_knowledge"];

/** The tier comes from the one host registry; unknown hosts are treated as Full (the default nine). */
function tierForAgent(agentId: string): Tier {
  return hostList.find((host) => host.agentId === agentId || host.id === agentId)?.tier ?? "Full";
}

export function advertisedTools(env: Env, agentId: string): readonly ToolName[] {
  if (env.OMNI_MCP_TOOLS?.toLowerCase() === "all") return ALL_TOOLS;
  return tierForAgent(agentId) === "MCP-only" ? MCP_ONLY_TOOLS : DEFAULT_TOOLS;
}

/** OMNI_AGENT_ID or a host's own variables: when set, they decide the host, not the client's name. */
export function envNamesHost(env: Env): boolean {
  return Boolean(env.OMNI_AGENT_ID?.trim()) || hostFromEnv(env) !== null;
}

/** The host behind the `clientInfo.name` a client sends in `initialize`; null for a name no host sends. */
export function hostForClient(clientName: string | undefined): HostAdapter | null {
  const name = clientName?.trim().toLowerCase();
  if (!name) return null;
  return hostList.find((host) => host.mcpClientNames?.some((known) => known.toLowerCase() === name)) ?? null;
}

/** What the server registers before `initialize`: the set, or every set a client's name could still pick. */
export function candidateTools(env: Env, agentId: string): readonly ToolName[] {
  if (env.OMNI_MCP_TOOLS?.toLowerCase() === "all" || envNamesHost(env)) return advertisedTools(env, agentId);
  return [...new Set([...DEFAULT_TOOLS, ...MCP_ONLY_TOOLS])];
}

/** The line `omni doctor` prints about the advertised set. */
export function mcpToolsLine(env: Env, agentId: string): string {
  const count = advertisedTools(env, agentId).length;
  return count === ALL_TOOLS.length
    ? `MCP tools: all ${count} advertised to ${agentId} (OMNI_MCP_TOOLS=all)`
    : `MCP tools: ${count} of ${ALL_TOOLS.length} advertised to ${agentId} (OMNI_MCP_TOOLS=all restores the rest)`;
}
