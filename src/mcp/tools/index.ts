/** The one list of tools: name → register function. A test checks it against this folder and the policy. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { recordingRegistrar, serveCompactList, type ToolRegistrar } from "../compact-list.ts";
import type { ToolContext } from "../context.ts";
import type { ToolName } from "../policy.ts";
import { registerAdaptiveInsightsTool } from "./adaptive-insights.ts";
import { registerAgentsTool } from "./agents.ts";
import { registerBudgetTool } from "./budget.ts";
import { registerBudgetStatusTool } from "./budget-status.ts";
import { registerContextTool } from "./context.ts";
import { registerContextBreakdownTool } from "./context-breakdown.ts";
import { registerDensityTool } from "./density.ts";
import { registerExplainSavingsTool } from "./explain-savings.ts";
import { registerFindNoiseTool } from "./find-noise.ts";
import { registerHandoffTool } from "./handoff.ts";
import { registerHistoryTool } from "./history.ts";
import { registerInsightTool } from "./insight.ts";
import { registerKnowledgeTool } from "./knowledge.ts";
import { registerLoopMemoryTool } from "./loop-memory.ts";
import { registerLoopStatusTool } from "./loop-status.ts";
import { registerQueryTool } from "./query.ts";
import { registerRecallTool } from "./recall.ts";
import { registerRememberTool } from "./remember.ts";
import { registerRetrieveTool } from "./retrieve.ts";
import { registerRunTool } from "./run.ts";
import { registerSearchTool } from "./search.ts";
import { registerSessionTool } from "./session.ts";
import { registerSetLoopContextTool } from "./set-loop-context.ts";
import { registerSignalExtractTool } from "./signal-extract.ts";
import { registerVerifyTool } from "./verify.ts";

export const toolRegistry: Record<ToolName, (server: ToolRegistrar, ctx: ToolContext) => void> = {
  omni_adaptive_insights: registerAdaptiveInsightsTool,
  omni_agents: registerAgentsTool,
  omni_budget: registerBudgetTool,
  omni_budget_status: registerBudgetStatusTool,
  omni_context: registerContextTool,
  omni_context_breakdown: registerContextBreakdownTool,
  omni_density: registerDensityTool,
  omni_explain_savings: registerExplainSavingsTool,
  omni_find_noise: registerFindNoiseTool,
  omni_handoff: registerHandoffTool,
  omni_history: registerHistoryTool,
  omni_insight: registerInsightTool,
  omni_knowledge: registerKnowledgeTool,
  omni_loop_memory: registerLoopMemoryTool,
  omni_loop_status: registerLoopStatusTool,
  omni_query: registerQueryTool,
  omni_recall: registerRecallTool,
  omni_remember: registerRememberTool,
  omni_retrieve: registerRetrieveTool,
  omni_run: registerRunTool,
  omni_search: registerSearchTool,
  omni_session: registerSessionTool,
  omni_set_loop_context: registerSetLoopContextTool,
  omni_signal_extract: registerSignalExtractTool,
  omni_verify: registerVerifyTool,
};

/** Registers `names`; `advertised` says which of them the client is told about and may call. */
export function registerTools(
  server: McpServer,
  ctx: ToolContext,
  names: readonly ToolName[],
  advertised: () => readonly ToolName[],
): void {
  const listed: Tool[] = [];
  const isAdvertised = (name: string) => (advertised() as readonly string[]).includes(name);
  const registrar = recordingRegistrar(server, listed, isAdvertised);
  for (const name of names) toolRegistry[name](registrar, ctx);
  serveCompactList(server, listed, isAdvertised);
}
