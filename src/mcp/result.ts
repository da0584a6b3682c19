/** Tool results: text on success, `isError: true` with one sentence on failure. A tool never throws. */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export class ToolFailure extends Error {}

export function ok(text: string): CallToolResult {
  return { content: [{ type: "text", text }] };
}

export function fail(sentence: string): CallToolResult {
  return { content: [{ type: "text", text: sentence }], isError: true };
}

type Answer = string | CallToolResult;

/** Runs a tool body (sync or async); a ToolFailure becomes its sentence, anything else a sentence naming the tool. */
export function guarded<A>(tool: string, body: (args: A) => Answer | Promise<Answer>): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      const out = await body(args);
      return typeof out === "string" ? ok(out) : out;
    } catch (error) {
      if (error instanceof ToolFailure) return fail(error.message);
      return fail(`${tool} failed: ${error instanceof Error ? error.message : String(error)}. Check \`omni doctor\`.`);
    }
  };
}
