/**
 * A fake Anthropic Messages API on 127.0.0.1 for driving the real Claude Code CLI: it plays a
 * script of tool calls, one per turn, and keeps every request body, which is exactly what the
 * model would have read. Streaming follows the measured SSE sequence (see the hooks notes in
 * the shared docs): message_start, content blocks with deltas, message_delta, message_stop.
 * It accepts `role: "system"` messages, where the CLI puts its environment and hook context.
 */
import {
  offersTools,
  sseEvent,
  sseResponse,
  startFakeServer,
  type FakeServer,
  type RequestBody,
  type ScriptedCall,
} from "./fake-server.ts";

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

export function toolUseId(step: number): string {
  return `toolu_omni_${String(step).padStart(3, "0")}`;
}

/** The text of every block a request carries (messages and system), for "did the model see X". */
export function requestText(body: RequestBody): string {
  return JSON.stringify(body);
}

/** The content the model received for one tool call, as plain text. */
export function toolResultText(body: RequestBody, id: string): { text: string; isError: boolean } | null {
  for (const message of (body.messages as Array<{ content: unknown }>) ?? []) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type !== "tool_result" || block.tool_use_id !== id) continue;
      const content = block.content;
      const text =
        typeof content === "string"
          ? content
          : Array.isArray(content)
            ? content.map((part: { text?: string }) => part.text ?? "").join("")
            : "";
      return { text, isError: block.is_error === true };
    }
  }
  return null;
}

function completedSteps(body: RequestBody): number {
  let count = 0;
  for (const message of (body.messages as Array<{ content: unknown }>) ?? []) {
    if (Array.isArray(message.content))
      count += (message.content as Array<{ type?: string }>).filter((block) => block.type === "tool_result").length;
  }
  return count;
}

/** A scripted call, or one the model decides from what it has read so far (a handle in a marker, say). */
export type ModelStep = ScriptedCall | ((body: RequestBody) => ScriptedCall);

export function startFakeModel(script: ModelStep[]): FakeServer {
  return startFakeServer({
    isModelCall: (pathname) => pathname === "/v1/messages",
    stub: (method, pathname) => Response.json(method === "POST" && pathname === "/v1/messages/count_tokens" ? { input_tokens: 100 } : {}),
    answer(body) {
      const step = completedSteps(body);
      const planned = offersTools(body) ? script[step] : undefined;
      const next = typeof planned === "function" ? planned(body) : planned;
      const blocks: Block[] = next
        ? [
            { type: "text", text: `step ${step + 1}` },
            { type: "tool_use", id: toolUseId(step), name: next.name, input: next.args },
          ]
        : [{ type: "text", text: "done" }];
      const stopReason = next ? "tool_use" : "end_turn";
      const model = typeof body.model === "string" ? body.model : "claude-fake";
      return body.stream === true ? streamed(blocks, stopReason, model) : Response.json(message(blocks, stopReason, model));
    },
  });
}

function message(content: Block[], stopReason: string | null, model: string): Record<string, unknown> {
  return {
    id: `msg_fake_${Date.now()}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 10 },
  };
}

function streamed(blocks: Block[], stopReason: string, model: string): Response {
  const events: Array<[string, unknown]> = [["message_start", { type: "message_start", message: message([], null, model) }]];
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      events.push(["content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } }]);
      events.push(["content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } }]);
    } else {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } },
      ]);
      events.push([
        "content_block_delta",
        { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) } },
      ]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push([
    "message_delta",
    { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 10 } },
  ]);
  events.push(["message_stop", { type: "message_stop" }]);
  return sseResponse(events.map(([event, data]) => sseEvent(data, event)));
}
