/** What a host adapter does on the tool path: read its payload shape, and reply in its tool's shape. */

export interface ToolCall {
  /** Host tool name: Bash, Read, Grep, WebFetch, … */
  tool: string;
  /** The command, or the file path / pattern for non-shell tools. */
  command: string;
  /** The text to distill; null when this call carries nothing we can shorten. */
  text: string | null;
  /** Why `text` is null, for the passthrough record. */
  skipReason?: string;
  failed: boolean;
  exitCode: number | null;
  sessionId: string | null;
  subagentId: string | null;
  cwd: string | null;
}

export interface HostAdapter {
  id: string;
  /** The agent id recorded on rows from this host. */
  agentId: string;
  normalizePostTool(payload: Record<string, unknown>): ToolCall | null;
  /**
   * The reply that replaces the tool's output with `delivered`, in the exact shape the host validates.
   * `lineShift`: a file window lost this many leading lines to a fold; its first line number moves by it.
   */
  renderPostTool(payload: Record<string, unknown>, call: ToolCall, delivered: string, lineShift?: number): unknown;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function stringField(record: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string") return value;
  }
  return null;
}
