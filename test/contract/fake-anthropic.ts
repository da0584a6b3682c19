/**
 * A fake Anthropic Messages API on 127.0.0.1 for driving the real Claude Code CLI: it plays a
 * script of tool calls, one per turn, and keeps every request body, which is exactly what the
 * model would have read. Streaming follows the measured SSE sequence (see the hooks notes in
 * the shared docs): message_start, content blocks with deltas, message_delta, message_stop.
 * It accepts `role: "system"` messages, where the CLI puts its environment and hook context.
 */

export interface ScriptedCall {
  name: string;
  input: Record<string, unknown>;
}

export interface FakeModel {
  url: string;
  /** Every POST /v1/messages body, in arrival order. */
  requests: Array<Record<string, unknown>>;
  stop(): void;
}

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

export function toolUseId(step: number): string {
  return `toolu_omni_${String(step).padStart(3, "0")}`;
}

/** The text of every block a request carries (messages and system), for "did the model see X". */
export function requestText(body: Record<string, unknown>): string {
  return JSON.stringify(body);
}

/** The content the model received for one tool call, as plain text. */
export function toolResultText(body: Record<string, unknown>, id: string): { text: string; isError: boolean } | null {
  for (const message of (body.messages as Array<{ content: unknown }>) ?? []) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type !== "tool_result" || block.tool_use_id !== id) continue;
      const content = block.content;
      const text = typeof content === "string" ? content : Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? "").join("") : "";
      return { text, isError: block.is_error === true };
    }
  }
  return null;
}

/** The system messages the CLI placed after a tool call's result (hook additionalContext lands there). */
export function systemTexts(body: Record<string, unknown>): string[] {
  const messages = (body.messages as Array<{ role: string; content: unknown }>) ?? [];
  return messages.filter((message) => message.role === "system").map((message) => JSON.stringify(message.content));
}

function completedSteps(body: Record<string, unknown>): number {
  let count = 0;
  for (const message of (body.messages as Array<{ content: unknown }>) ?? []) {
    if (Array.isArray(message.content)) count += (message.content as Array<{ type?: string }>).filter((block) => block.type === "tool_result").length;
  }
  return count;
}

export function startFakeModel(script: ScriptedCall[]): FakeModel {
  const requests: Array<Record<string, unknown>> = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === "POST" && url.pathname === "/v1/messages/count_tokens") return Response.json({ input_tokens: 100 });
      if (request.method !== "POST" || url.pathname !== "/v1/messages") return Response.json({});
      const body = (await request.json()) as Record<string, unknown>;
      requests.push(body);
      const step = completedSteps(body);
      const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
      const next = hasTools ? script[step] : undefined;
      const blocks: Block[] = next ? [{ type: "text", text: `step ${step + 1}` }, { type: "tool_use", id: toolUseId(step), name: next.name, input: next.input }] : [{ type: "text", text: "done" }];
      const stopReason = next ? "tool_use" : "end_turn";
      const model = typeof body.model === "string" ? body.model : "claude-fake";
      return body.stream === true ? streamed(blocks, stopReason, model) : Response.json(message(blocks, stopReason, model));
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, requests, stop: () => server.stop(true) };
}

function message(content: Block[], stopReason: string | null, model: string): Record<string, unknown> {
  return { id: `msg_fake_${Date.now()}`, type: "message", role: "assistant", model, content, stop_reason: stopReason, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 10 } };
}

function streamed(blocks: Block[], stopReason: string, model: string): Response {
  const events: Array<[string, unknown]> = [["message_start", { type: "message_start", message: message([], null, model) }]];
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      events.push(["content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } }]);
      events.push(["content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } }]);
    } else {
      events.push(["content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } }]);
      events.push(["content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) } }]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push(["message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 10 } }]);
  events.push(["message_stop", { type: "message_stop" }]);
  const body = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");
  return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
}
