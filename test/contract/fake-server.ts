/**
 * The plumbing every fake model server shares: listen on 127.0.0.1, keep every model-call body in
 * arrival order (exactly what the model would have read), answer the rest with a stub, and speak
 * server-sent events. Each fake-*.ts adds only its API's request and response shapes.
 */

export type RequestBody = Record<string, unknown>;

/** One scripted tool call: the fake model makes the n-th on the turn after n results came back. */
export interface ScriptedCall {
  name: string;
  args: Record<string, unknown>;
}

export interface FakeServer {
  url: string;
  /** Every model-call body, in arrival order. */
  requests: RequestBody[];
  stop(): void;
}

export interface FakeApi {
  /** The POST paths that are model calls: their bodies are kept and answered by `answer`. */
  isModelCall(pathname: string): boolean;
  answer(body: RequestBody, pathname: string, requests: RequestBody[]): Response;
  /** Any other request (model lists, token counts); an empty JSON object by default. */
  stub?(method: string, pathname: string): Response;
  /** What the CLI's base URL ends with (e.g. "/v1"). */
  basePath?: string;
}

export function startFakeServer(api: FakeApi): FakeServer {
  const requests: RequestBody[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (request.method !== "POST" || !api.isModelCall(pathname)) return api.stub?.(request.method, pathname) ?? Response.json({});
      const body = (await request.json()) as RequestBody;
      requests.push(body);
      return api.answer(body, pathname, requests);
    },
  });
  return { url: `http://127.0.0.1:${server.port}${api.basePath ?? ""}`, requests, stop: () => server.stop(true) };
}

/** Whether the CLI offered the model tools (side requests such as title generation do not). */
export function offersTools(body: RequestBody): boolean {
  return Array.isArray(body.tools) && body.tools.length > 0;
}

/** One server-sent event, named when the API names its events. */
export function sseEvent(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

export function sseResponse(events: string[]): Response {
  return new Response(events.join(""), { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
}
