/**
 * A fake Gemini API on 127.0.0.1 for driving the real Gemini CLI (GOOGLE_GEMINI_BASE_URL): one
 * scripted function call per turn on streamGenerateContent, every request body kept.
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

type Part = { text?: string; functionCall?: unknown; functionResponse?: { name: string; response: Record<string, unknown> } };

/** Every function response the CLI sent, in order (the n-th is the n-th scripted call's result). */
export function functionResponses(body: RequestBody): Array<Record<string, unknown>> {
  const contents = (body.contents as Array<{ parts?: Part[] }>) ?? [];
  return contents
    .flatMap((content) => content.parts ?? [])
    .flatMap((part) => (part.functionResponse ? [part.functionResponse.response] : []));
}

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
}

/** The smallest value that fits a response schema. */
function sample(schema: Schema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  switch ((schema.type ?? "").toUpperCase()) {
    case "OBJECT":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sample(inner)]));
    case "ARRAY":
      return [];
    case "INTEGER":
    case "NUMBER":
      return 1;
    case "BOOLEAN":
      return false;
    default:
      return "x";
  }
}

export function startFakeGemini(script: ScriptedCall[]): FakeServer {
  return startFakeServer({
    isModelCall: (pathname) => pathname.includes(":"),
    answer(body, pathname) {
      const next = offersTools(body) ? script[functionResponses(body).length] : undefined;
      const schema = (body.generationConfig as { responseJsonSchema?: Schema } | undefined)?.responseJsonSchema;
      // Side requests (the model router) ask for JSON in a schema; an answer that fits keeps them from retrying.
      const parts: Part[] = next
        ? [{ functionCall: { name: next.name, args: next.args } }]
        : [{ text: schema ? JSON.stringify(sample(schema)) : "done" }];
      const chunk = {
        candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      };
      if (pathname.endsWith(":streamGenerateContent")) return sseResponse([sseEvent(chunk)]);
      if (pathname.endsWith(":countTokens")) return Response.json({ totalTokens: 10 });
      return Response.json(chunk);
    },
  });
}
