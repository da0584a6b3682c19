/**
 * A fake OpenAI-compatible Chat Completions API on 127.0.0.1 for driving the real OpenCode CLI:
 * one scripted tool call per turn, streamed as chat.completion.chunk events, every request kept.
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

type Message = { role: string; content?: unknown; tool_call_id?: string };

export function chatCallId(step: number): string {
  return `call_omni_${step}`;
}

/** The tool result the model read for one call. */
export function toolMessage(body: RequestBody, id: string): string | null {
  const message = ((body.messages as Message[]) ?? []).find((candidate) => candidate.role === "tool" && candidate.tool_call_id === id);
  if (!message) return null;
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

export function startFakeChat(script: ScriptedCall[]): FakeServer {
  return startFakeServer({
    basePath: "/v1",
    isModelCall: (pathname) => pathname.endsWith("/chat/completions"),
    stub: () => Response.json({ data: [] }),
    answer(body, _pathname, requests) {
      const step = ((body.messages as Message[]) ?? []).filter((message) => message.role === "tool").length;
      const next = offersTools(body) ? script[step] : undefined;
      const base = { id: `chatcmpl-${requests.length}`, object: "chat.completion.chunk", created: 1, model: "fake" };
      const delta = next
        ? {
            role: "assistant",
            tool_calls: [
              { index: 0, id: chatCallId(step), type: "function", function: { name: next.name, arguments: JSON.stringify(next.args) } },
            ],
          }
        : { role: "assistant", content: "done" };
      const chunks = [
        { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
        { ...base, choices: [{ index: 0, delta: {}, finish_reason: next ? "tool_calls" : "stop" }] },
        { ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
      ];
      return sseResponse([...chunks.map((chunk) => sseEvent(chunk)), sseEvent("[DONE]")]);
    },
  });
}
