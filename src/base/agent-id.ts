/** Ledger reader scope: a subagent gets its own, because hosts give it the parent's session id. */
export function readerScope(sessionId: string | null | undefined, subagentId: string | null | undefined): string | null {
  if (!sessionId) return null;
  return subagentId ? `${sessionId}/${subagentId}` : sessionId;
}

/** Rows recorded under this agent id are TTY output no model read. */
export const TERMINAL_AGENT_ID = "terminal";

/** The agent id of a reader nothing names: counted as model-facing, since it may well be one. */
export const UNKNOWN_AGENT_ID = "unknown";
