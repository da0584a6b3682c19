/**
 * A fake OpenAI Responses API on 127.0.0.1 for driving the real Codex CLI: one scripted function
 * call per turn, every request body kept (what the model would have read). Codex streams SSE:
 * response.created, response.output_item.done per item, response.completed.
 */

export interface ScriptedFunctionCall {
  name: string;
  args: Record<string, unknown>;
}

export interface FakeResponses {
  url: string;
  requests: Array<Record<string, unknown>>;
  stop(): void;
}

export function callId(step: number): string {
  return `call_omni_${step}`;
}

/** The output Codex handed the model for one call. */
export function functionOutput(body: Record<string, unknown>, id: string): string | null {
  for (const item of (body.input as Array<Record<string, unknown>>) ?? []) {
    if (item.type === "function_call_output" && item.call_id === id) return typeof item.output === "string" ? item.output : JSON.stringify(item.output);
  }
  return null;
}

export function startFakeResponses(script: ScriptedFunctionCall[]): FakeResponses {
  const requests: Array<Record<string, unknown>> = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || !url.pathname.endsWith("/responses")) return Response.json({});
      const body = (await request.json()) as Record<string, unknown>;
      requests.push(body);
      const step = ((body.input as Array<{ type?: string }>) ?? []).filter((item) => item.type === "function_call_output").length;
      const next = script[step];
      const id = `resp_${requests.length}`;
      const item = next
        ? { type: "function_call", id: `fc_${step}`, call_id: callId(step), name: next.name, arguments: JSON.stringify(next.args) }
        : { type: "message", id: `msg_${requests.length}`, role: "assistant", content: [{ type: "output_text", text: "done" }] };
      const events: Array<[string, unknown]> = [
        ["response.created", { type: "response.created", response: { id } }],
        ["response.output_item.done", { type: "response.output_item.done", output_index: 0, item }],
        ["response.completed", { type: "response.completed", response: { id, usage: { input_tokens: 10, input_tokens_details: null, output_tokens: 5, output_tokens_details: null, total_tokens: 15 } } }],
      ];
      return new Response(events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(""), { headers: { "content-type": "text/event-stream" } });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/v1`, requests, stop: () => server.stop(true) };
}
