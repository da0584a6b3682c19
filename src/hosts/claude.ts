/**
 * Claude Code. Its PostToolUse reply is validated against the tool's own output schema and any
 * other shape is dropped without a word, so each tool gets back exactly the object it sent,
 * with only the text field replaced (measured against the real CLI; see docs).
 */
import { HOST_FAILED_VIEW_CHARS, HOST_OUTPUT_CAP_CHARS, MAX_PERSISTED_READ_BYTES } from "../base/limits.ts";
import { isOmniMarkerLine } from "../base/markers.ts";
import { readTextFile } from "../platform/files.ts";
import { join } from "node:path";
import { claudePermissionRules } from "./claude-permissions.ts";
import { groupedHooks, mcpServer } from "./config/shapes.ts";
import { isRecord, stringField, type ToolCall, type ToolHost } from "./types.ts";

function baseCall(payload: Record<string, unknown>, tool: string, command: string): ToolCall {
  return {
    tool,
    command,
    text: null,
    failed: false,
    exitCode: null,
    sessionId: stringField(payload, "session_id", "sessionId"),
    subagentId: stringField(payload, "agent_id", "agentId") || null,
    cwd: stringField(payload, "cwd"),
  };
}

function normalizeBash(call: ToolCall, response: unknown, payload: Record<string, unknown>): ToolCall {
  // A failed Bash call reaches PostToolUse (if at all) as a bare error string.
  if (!isRecord(response)) return { ...call, failed: true, skipReason: "command failed" };
  const stdout = response.stdout;
  if (typeof stdout !== "string") return { ...call, skipReason: "no stdout" };
  const exitCode = typeof payload.exit_code === "number" ? payload.exit_code : null;
  const failed = (exitCode !== null && exitCode !== 0) || response.interrupted === true;
  const stderr = typeof response.stderr === "string" ? response.stderr : "";
  const join = (out: string) => (stderr === "" ? out : `${out}\n[stderr]\n${stderr}`);
  if (stdout.length < HOST_OUTPUT_CAP_CHARS) return { ...call, exitCode, failed, text: join(stdout) };
  // Over the cap the host hands us a cut stdout and saves the whole output to a local file; the
  // model would see a 2 KB preview and a path. Distilling the whole file does better.
  const persisted =
    typeof response.persistedOutputPath === "string" ? readTextFile(response.persistedOutputPath, MAX_PERSISTED_READ_BYTES) : null;
  // Unreadable: the model gets the host's cut, at most the cap (a payload recorded uncut is cut here the same way).
  if (persisted === null)
    return {
      ...call,
      exitCode,
      failed,
      skipReason: "host output cap, persisted output unreadable",
      declinedText: join(stdout.slice(0, HOST_OUTPUT_CAP_CHARS)),
    };
  return { ...call, exitCode, failed, text: join(persisted), persistedOutput: true };
}

export const claude: ToolHost = {
  id: "claude",
  flags: ["claude"],
  label: "Claude Code",
  agentId: "claude_code",
  tier: "Full",
  envMarkers: ["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"],
  mcpClientNames: ["claude-code"],
  configEntries(context) {
    const settings = join(context.home, ".claude", "settings.json");
    return [
      // SPEC §7.6 matchers. PostToolUseFailure and SessionEnd only record, so they run async.
      ...groupedHooks(settings, context.exe, [
        { event: "PreToolUse", matcher: "Bash", flag: "--pre-hook" },
        { event: "PostToolUse", matcher: "Bash|Read|Grep|WebFetch", flag: "--post-hook" },
        { event: "PostToolUseFailure", matcher: "Bash", flag: "--hook", async: true },
        { event: "SessionStart", matcher: "", flag: "--session-start" },
        { event: "SubagentStart", matcher: "", flag: "--session-start" },
        { event: "PreCompact", matcher: "", flag: "--pre-compact" },
        { event: "SessionEnd", matcher: "", flag: "--hook", async: true },
      ]),
      mcpServer(join(context.home, ".claude.json"), ["mcpServers", "omni"], context, "claude_code", { type: "stdio" }),
    ];
  },
  renderPreTool(updatedInput, reason, permission = "host") {
    if (updatedInput === null) return { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: reason } };
    // Measured: updatedInput replaces the whole input; "allow" makes it apply without a prompt in
    // every permission mode, so it is only sent where the gateway found the user's say already given.
    // Without a decision the host judges the rewritten command by the user's rules and its mode.
    const decision = permission === "allow" ? { permissionDecision: "allow", permissionDecisionReason: reason } : {};
    return { hookSpecificOutput: { hookEventName: "PreToolUse", ...decision, updatedInput } };
  },
  permissionRules: claudePermissionRules,
  shellViewChars: { passed: HOST_OUTPUT_CAP_CHARS, failed: HOST_FAILED_VIEW_CHARS },
  // The Bash tool's own `timeout`, else BASH_DEFAULT_TIMEOUT_MS, else its documented 2 minutes.
  shellTimeoutMs(toolInput, env) {
    if (typeof toolInput.timeout === "number" && toolInput.timeout > 0) return toolInput.timeout;
    const fromEnv = Number(env.BASH_DEFAULT_TIMEOUT_MS);
    return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 120_000;
  },
  normalizePostTool(payload) {
    const tool = stringField(payload, "tool_name") ?? "";
    const input = isRecord(payload.tool_input) ? payload.tool_input : {};
    const response = payload.tool_response;
    const command = stringField(input, "command", "file_path", "path", "pattern", "url") ?? "";
    const call = baseCall(payload, tool, command);
    switch (tool) {
      case "Bash":
        return normalizeBash(call, response, payload);
      case "Read": {
        const file = isRecord(response) && isRecord(response.file) ? response.file : null;
        const content = file ? stringField(file, "content") : null;
        return content ? { ...call, text: content } : { ...call, skipReason: "no file content" };
      }
      case "Grep": {
        const content = isRecord(response) ? stringField(response, "content") : null;
        return content ? { ...call, text: content } : { ...call, skipReason: "no match content" };
      }
      case "WebFetch": {
        const result = isRecord(response) ? stringField(response, "result") : null;
        return result ? { ...call, text: result } : { ...call, skipReason: "no fetch result" };
      }
      default:
        return { ...call, skipReason: `tool ${tool || "unknown"} not handled` };
    }
  },
  renderPostTool(payload, call, delivered, lineShift = 0) {
    const response = isRecord(payload.tool_response) ? payload.tool_response : {};
    return {
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: updatedOutput(call.tool, response, delivered, lineShift) },
    };
  },
};

/**
 * The host counts numLines as the pieces of a split on "\n" (a trailing newline adds one):
 * one more than the newlines. Counted, not split: a split held every line of the reply at once.
 */
function hostLineCount(text: string): number {
  let pieces = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) pieces++;
  return pieces;
}

/**
 * The host shows a Read as one numbered line per piece of a split on "\n". A reply that ends in a
 * newline the window did not end in, or in a newline after a marker standing for the window's last
 * lines (a blank last line is the empty piece after it), would show an extra numbered line, at
 * the wrong number, and count it in numLines: the marker takes that piece with it.
 */
function endingAsSent(sent: string, delivered: string): string {
  const body = delivered.replace(/\r?\n$/, "");
  if (body === delivered) return delivered;
  return !sent.endsWith("\n") || isOmniMarkerLine(body.slice(body.lastIndexOf("\n") + 1)) ? body : delivered;
}

function updatedOutput(tool: string, response: Record<string, unknown>, delivered: string, lineShift: number): unknown {
  switch (tool) {
    case "Read": {
      const file = isRecord(response.file) ? response.file : {};
      // The host numbers content lines from startLine: a fold above them must not renumber them.
      const startLine = lineShift ? { startLine: (typeof file.startLine === "number" ? file.startLine : 1) + lineShift } : {};
      const content = endingAsSent(typeof file.content === "string" ? file.content : "", delivered);
      return { ...response, type: response.type ?? "text", file: { ...file, content, numLines: hostLineCount(content), ...startLine } };
    }
    case "Grep":
      return { ...response, content: delivered, numLines: hostLineCount(delivered) };
    case "WebFetch":
      return { ...response, result: delivered };
    default: {
      // Bash: all four of stdout, stderr, interrupted, isImage are required, other keys kept;
      // the persisted-output keys go, as the reply now carries the whole (distilled) output.
      const { persistedOutputPath: _path, persistedOutputSize: _size, ...rest } = response;
      return { ...rest, stdout: delivered, stderr: "", interrupted: response.interrupted ?? false, isImage: response.isImage ?? false };
    }
  }
}
