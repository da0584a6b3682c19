import { describe, expect, test } from "bun:test";
import { detectAgentId } from "../../src/hosts/index.ts";

describe("detectAgentId", () => {
  test.each([
    [{ CLAUDECODE: "1" }, "claude_code"],
    [{ CURSOR_TRACE_ID: "x" }, "cursor"],
    [{ CODEX_SANDBOX: "seatbelt" }, "codex_cli"],
    [{ GEMINI_CLI: "1" }, "gemini_cli"],
    [{ WINDSURF_SESSION: "w" }, "windsurf"],
    [{ OMNI_AGENT_ID: "checker", CLAUDECODE: "1" }, "checker"],
    // Without a host to name, the reader is unknown, not a person at a terminal: only a TTY says that.
    [{}, "unknown"],
    [{ TERM: "xterm-256color" }, "unknown"],
  ])("reads %p as %p", (env, agent) => {
    expect(detectAgentId(env)).toBe(agent);
  });
});
