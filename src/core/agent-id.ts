/** Ledger reader scope: a subagent gets its own, because hosts give it the parent's session id. */
export function readerScope(sessionId: string | null | undefined, subagentId: string | null | undefined): string | null {
  if (!sessionId) return null;
  return subagentId ? `${sessionId}/${subagentId}` : sessionId;
}
