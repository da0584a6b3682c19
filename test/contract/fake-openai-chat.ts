/**
 * A fake OpenAI-compatible Chat Completions API on 127.0.0.1 for driving the real OpenCode CLI:
 * one scripted tool call per turn, streamed as chat.completion.chunk events, every request kept.
 */

export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface FakeChat {
  url: string;
  requests: Array<Record<string, unknown>>;
  stop(): void;
}

type Message = { role: string; content?: unknown; tool_call_id?: string };

export function chatCallId(step: number): string {
  return `call_omni_${step}`;
}

/** The tool result the model read for one call. */
export function toolMessage(body: Record<string, unknown>, id: string): string | null {
  const message = ((body.messages as Message[]) ?? []).find((candidate) => candidate.role === "tool" && candidate.tool_call_id === id);
  if (!message) return null;
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

export function startFakeChat(script: ScriptedToolCall[]): FakeChat {
  const requests: Array<Record<string, unknown>> = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || !url.pathname.endsWith("/chat/completions")) return Response.json({ data: [] });
      const body = (await request.json()) as Record<string, unknown>;
      requests.push(body);
      const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
      const step = ((body.messages as Message[]) ?? []).filter((message) => message.role === "tool").length;
      const next = hasTools ? script[step] : undefined;
      const base = { id: `chatcmpl-${requests.length}`, object: "chat.completion.chunk", created: 1, model: "fake" };
      const delta = next
        ? { role: "assistant", tool_calls: [{ index: 0, id: chatCallId(step), type: "function", function: { name: next.name, arguments: JSON.stringify(next.args) } }] }
        : { role: "assistant", content: "done" };
      const chunks = [
        { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
        { ...base, choices: [{ index: 0, delta: {}, finish_reason: next ? "tool_calls" : "stop" }] },
        { ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
      ];
      const text = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("")}data: [DONE]\n\n`;
      return new Response(text, { headers: { "content-type": "text/event-stream" } });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/v1`, requests, stop: () => server.stop(true) };
}
