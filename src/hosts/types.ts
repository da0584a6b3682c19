/**
 * A host adapter: how to install omni into the host (its config entries, its tier), and on the
 * tool path how to read its payloads and reply in its tools' shapes.
 */
import type { ConfigEntry } from "./config/entry.ts";
import type { PermissionRules } from "../core/gateway/permission-rules.ts";
import type { Env } from "../platform/paths.ts";

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
  /** The text came from the host's persisted-output file, not the (cut) payload. */
  persistedOutput?: boolean;
  /**
   * Declined, but the host delivered this text itself (its cut at its own output cap): the
   * call is recorded with its reason, so stats sees the largest outputs too.
   */
  declinedText?: string;
}

/** What omni can do on a host: the honest ceiling, printed by init and doctor. */
export type Tier = "Full" | "Handoff-first" | "MCP-only";

export interface InstallContext {
  /** Absolute path of the omni executable the host should run. */
  exe: string;
  home: string;
  cwd: string;
  /** `--all`: also write VS Code's workspace file in `cwd` (`.vscode/mcp.json`). Cursor's project rule goes there always. */
  workspace: boolean;
  platform: NodeJS.Platform;
  env: Env;
}

export interface HostAdapter {
  id: string;
  /** `omni init --<flag>`; the first is the canonical spelling. */
  flags: readonly string[];
  label: string;
  /** The agent id recorded on rows from this host. */
  agentId: string;
  tier: Tier;
  /** Environment variables whose presence says omni is running inside this host. */
  envMarkers: readonly string[];
  /** The `clientInfo.name` this host sends in MCP `initialize` (matched ignoring case): picks the tier when the environment names no host. */
  mcpClientNames?: readonly string[];
  /** A step the user still has to take after init (Codex hook trust). */
  note?: string;
  /** Everything init writes for this host; install, uninstall, status and doctor all read it. */
  configEntries(context: InstallContext): ConfigEntry[];
  /** What doctor checks beyond the entries (Codex hook trust): one line per problem, each naming its fix. */
  doctorProblems?(context: InstallContext): string[];
  normalizePostTool?(payload: Record<string, unknown>): ToolCall | null;
  /**
   * The reply that replaces the tool's output with `delivered`, in the exact shape the host validates.
   * `lineShift`: a file window lost this many leading lines to a fold; its first line number moves by it.
   */
  renderPostTool?(payload: Record<string, unknown>, call: ToolCall, delivered: string, lineShift?: number): unknown;
  /**
   * PreToolUse reply: a rewritten tool input (every original field kept), or a note for the model.
   * `permission`: the gateway's answer; "allow" grants the call, "host" leaves the decision to the
   * host. A host that cannot express the answer returns null and the command runs as typed.
   */
  renderPreTool?(updatedInput: Record<string, unknown> | null, reason: string, permission?: "allow" | "host"): unknown;
  /**
   * The user's permission rules for this host's shell tool, in Claude Code's rule syntax; null
   * when they cannot be read for certain (nothing is rewritten then). Absent: the host has no
   * rules a rewrite could slip past.
   */
  permissionRules?(payload: Record<string, unknown>, env: Env, home: string): PermissionRules | null;
  /**
   * How long a shell result may be and still reach the model whole, for a run that passed and one
   * that failed (Claude Code shows a 2 KB preview of a longer one, or a failed one's two ends);
   * absent when the host has no such cut.
   */
  shellViewChars?: { passed: number; failed: number };
  /** How long the host lets this shell call run before it stops waiting; absent when unknown. */
  shellTimeoutMs?(toolInput: Record<string, unknown>, env: Env): number | null;
}

/** A host whose tool payloads omni reads. */
export type ToolHost = HostAdapter & Required<Pick<HostAdapter, "normalizePostTool" | "renderPostTool">>;

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
