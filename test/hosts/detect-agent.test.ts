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
    [{}, "terminal"],
  ])("reads %p as %p", (env, agent) => {
    expect(detectAgentId(env)).toBe(agent);
  });
});
