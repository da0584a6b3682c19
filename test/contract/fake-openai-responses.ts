/**
 * A fake OpenAI Responses API on 127.0.0.1 for driving the real Codex CLI: one scripted function
 * call per turn, every request body kept (what the model would have read). Codex streams SSE:
 * response.created, response.output_item.done per item, response.completed.
 */
import { sseEvent, sseResponse, startFakeServer, type FakeServer, type RequestBody, type ScriptedCall } from "./fake-server.ts";

export function callId(step: number): string {
  return `call_omni_${step}`;
}

/** The output Codex handed the model for one call. */
export function functionOutput(body: RequestBody, id: string): string | null {
  for (const item of (body.input as Array<Record<string, unknown>>) ?? []) {
    if (item.type === "function_call_output" && item.call_id === id)
      return typeof item.output === "string" ? item.output : JSON.stringify(item.output);
  }
  return null;
}

export function startFakeResponses(script: ScriptedCall[]): FakeServer {
  return startFakeServer({
    basePath: "/v1",
    isModelCall: (pathname) => pathname.endsWith("/responses"),
    answer(body, _pathname, requests) {
      const step = ((body.input as Array<{ type?: string }>) ?? []).filter((item) => item.type === "function_call_output").length;
      const next = script[step];
      const id = `resp_${requests.length}`;
      const item = next
        ? { type: "function_call", id: `fc_${step}`, call_id: callId(step), name: next.name, arguments: JSON.stringify(next.args) }
        : { type: "message", id: `msg_${requests.length}`, role: "assistant", content: [{ type: "output_text", text: "done" }] };
      return sseResponse([
        sseEvent({ type: "response.created", response: { id } }, "response.created"),
        sseEvent({ type: "response.output_item.done", output_index: 0, item }, "response.output_item.done"),
        sseEvent(
          {
            type: "response.completed",
            response: {
              id,
              usage: { input_tokens: 10, input_tokens_details: null, output_tokens: 5, output_tokens_details: null, total_tokens: 15 },
            },
          },
          "response.completed",
        ),
      ]);
    },
  });
}
