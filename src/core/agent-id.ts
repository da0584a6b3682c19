/**
 * Which agent is reading, when no payload says. Rows are split by this id, and `terminal` means
 * TTY output no model read: blending those with hook rows once made most of a saving fictional.
 */
export type Env = Record<string, string | undefined>;

const ENV_MARKERS: ReadonlyArray<[keys: string[], agent: string]> = [
  [["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"], "claude_code"],
  [["CURSOR_TRACE_ID", "CURSOR_SESSION_ID"], "cursor"],
  [["CLINE_TASK_ID"], "cline"],
  [["CODEX_SESSION", "CODEX_SANDBOX", "CODEX_HOME_SESSION"], "codex_cli"],
  [["GEMINI_CLI"], "gemini_cli"],
  [["WINDSURF_SESSION"], "windsurf"],
  [["CONTINUE_SESSION_ID"], "vscode_continue"],
  [["AIDER_SESSION"], "aider"],
  [["OPENCODE", "OPENCODE_SESSION"], "opencode"],
];

export function detectAgentId(env: Env): string {
  const explicit = env.OMNI_AGENT_ID?.trim();
  if (explicit) return explicit;
  for (const [keys, agent] of ENV_MARKERS) if (keys.some((key) => env[key])) return agent;
  if (env.VSCODE_PID || env.TERM_PROGRAM === "vscode") return "vscode";
  return "terminal";
}

/** Ledger reader scope: a subagent gets its own, because hosts give it the parent's session id. */
export function readerScope(sessionId: string | null | undefined, subagentId: string | null | undefined): string | null {
  if (!sessionId) return null;
  return subagentId ? `${sessionId}/${subagentId}` : sessionId;
}
