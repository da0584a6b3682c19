import { expect, test } from "bun:test";
import { claude } from "../../src/hosts/claude.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

/** numLines as Claude Code itself counts it: the pieces of a split on "\n". */
const hostCount = (text: string) => text.split("\n").length;

const texts = ["", "\n", "\n\n", "one line", "one\ntwo", "one\ntwo\n", "crlf\r\nlines\r\n", ...loadFixtures("readfile").map((f) => f.text)];

test.each(["Read", "Grep"])("a %s reply's numLines is the host's own count of the delivered text", (tool) => {
  for (const text of texts) {
    const payload = tool === "Read" ? { tool_name: "Read", tool_response: { type: "text", file: { filePath: "f", content: "x" } } } : { tool_name: "Grep", tool_response: { content: "x" } };
    const call = claude.normalizePostTool(payload)!;
    const reply = claude.renderPostTool(payload, call, text) as { hookSpecificOutput: { updatedToolOutput: { numLines: number; file?: { numLines: number } } } };
    const output = reply.hookSpecificOutput.updatedToolOutput;
    expect(output.file?.numLines ?? output.numLines).toBe(hostCount(text));
  }
});
