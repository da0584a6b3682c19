/**
 * Pi coding agent: an extension file omni owns, whose `tool_result` handler pipes bash output
 * through `omni --post-hook` with Pi's payload shape (`toolName` + `toolResponse.result`).
 * Measured on 1.6.0 (test/contract/pi.test.ts): the returned `content` is what the model reads.
 */
import { join } from "node:path";
import { piExtensionSource } from "./pi-extension.ts";
import { isRecord, stringField, type ToolHost } from "./types.ts";

export const pi: ToolHost = {
  id: "pi",
  flags: ["pi"],
  label: "Pi",
  agentId: "pi",
  tier: "Full",
  envMarkers: [],
  configEntries(context) {
    const dir = context.env.PI_CODING_AGENT_DIR || join(context.home, ".pi", "agent");
    return [{ part: "hook", file: join(dir, "extensions", "omni.ts"), format: "file", content: piExtensionSource(context.exe) }];
  },
  normalizePostTool(payload) {
    const response = isRecord(payload.toolResponse) ? payload.toolResponse : {};
    const text = stringField(response, "result");
    const failed = payload.isError === true;
    return {
      tool: "Bash",
      command: stringField(payload, "command") ?? "",
      text: text && !failed ? text : null,
      skipReason: failed ? "command failed" : text ? undefined : "no result",
      failed,
      exitCode: null,
      sessionId: stringField(payload, "sessionId", "session_id"),
      subagentId: null,
      cwd: stringField(payload, "cwd"),
    };
  },
  renderPostTool: (_payload, _call, delivered) => ({ result: delivered }),
};
