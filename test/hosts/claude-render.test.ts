import { expect, test } from "bun:test";
import { claude } from "../../src/hosts/claude.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

/** numLines as Claude Code itself counts it: the pieces of a split on "\n". */
const hostCount = (text: string) => text.split("\n").length;

const texts = ["", "\n", "\n\n", "one line", "one\ntwo", "one\ntwo\n", "crlf\r\nlines\r\n", ...loadFixtures("readfile").map((f) => f.text)];

type Reply = {
  hookSpecificOutput: { updatedToolOutput: { numLines: number; content?: string; file?: { numLines: number; content: string } } };
};

function render(tool: string, sent: string, delivered: string) {
  const payload =
    tool === "Read"
      ? { tool_name: "Read", tool_response: { type: "text", file: { filePath: "f", content: sent } } }
      : { tool_name: "Grep", tool_response: { content: sent } };
  const call = claude.normalizePostTool(payload)!;
  const output = (claude.renderPostTool(payload, call, delivered) as Reply).hookSpecificOutput.updatedToolOutput;
  return { numLines: output.file?.numLines ?? output.numLines, content: output.file?.content ?? output.content! };
}

test.each(["Read", "Grep"])("a %s reply's numLines is the host's own count of the text it carries", (tool) => {
  for (const text of texts) {
    const reply = render(tool, "x", text);
    expect(reply.numLines).toBe(hostCount(reply.content));
  }
});

test("a Read reply ends the way the window was sent: no extra numbered line after the last", () => {
  const marker = "[OMNI: 53 lines already shown, omni retrieve 0123456789abcdef]";
  // The window had no final newline: none is added after a fold or a distiller's marker.
  expect(render("Read", "a\nb", `a\n${marker}\n`).content).toBe(`a\n${marker}`);
  expect(render("Read", "a\nb", `${marker}\r\n`).content).toBe(marker);
  // Its last line was blank: a marker standing for the tail takes that empty piece with it.
  expect(render("Read", "a\nb\n", `a\n${marker}\n`).content).toBe(`a\n${marker}`);
  // Content delivered as it was keeps its own blank last line.
  expect(render("Read", "a\nb\n", "a\nb\n").content).toBe("a\nb\n");
  // Grep replies are left as delivered.
  expect(render("Grep", "a\nb", `a\n${marker}\n`).content).toBe(`a\n${marker}\n`);
});
