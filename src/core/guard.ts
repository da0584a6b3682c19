/**
 * The guard, run once before any stage: whether passthrough was asked for, whether the payload
 * is structured, and the secrets to mask (with the notice that says so).
 */
import { byteLength } from "../base/lines.ts";
import { MAX_INPUT_BYTES } from "../base/limits.ts";
import { redactionHeader } from "../base/markers.ts";
import { redactSecrets } from "../base/redact.ts";
import { sniffFormat, type StructuredKind } from "./format.ts";
import type { Outcome, PipelineRequest } from "./pipeline-types.ts";
import { commandRequestsPassthrough } from "./route.ts";

/** What the guard learned once, up front: structure, passthrough requests, secrets to mask. */
export interface Guard {
  passthrough: boolean;
  structured: StructuredKind | null;
  /** The masked text to deliver (and store); null when nothing is masked in what is delivered. */
  masked: { text: string; count: number } | null;
  /**
   * The masked text to store when the delivery stays raw (passthrough was asked for): the reader
   * gets its bytes untouched, but no trace keeps a secret.
   */
  stored: string | null;
}

export function guardOf(request: PipelineRequest, command: string): Guard {
  const passthrough = Boolean(request.passthroughRequested) || commandRequestsPassthrough(command);
  // Past the input ceiling nothing is stored, and the host keeps its own bytes.
  if (byteLength(request.text) > MAX_INPUT_BYTES) return { passthrough, structured: null, masked: null, stored: null };
  const redaction = redactSecrets(request.text);
  const masked = redaction.count > 0 ? redaction : null;
  if (passthrough || !request.text.isWellFormed()) return { passthrough, structured: null, masked: null, stored: masked?.text ?? null };
  // Masking changes only the secrets' bytes, so a structured payload is still the same document.
  return { passthrough, structured: sniffFormat(request.text, request.tool === "Read" ? command : undefined), masked, stored: null };
}

/**
 * Say that values were masked. A Read reply gets no header line: the host numbers its lines
 * from startLine, and an extra line would shift every number; `[REDACTED]` speaks for itself.
 * Nor does a structured payload: a line above a JSON document would stop it parsing.
 */
export function withRedactionNotice(outcome: Outcome, count: number, tool: string | undefined, structured: boolean): Outcome {
  const text = tool === "Read" || structured ? outcome.text : `${redactionHeader(count)}\n${outcome.text}`;
  return { ...outcome, text, route: outcome.route === "passthrough" ? "redacted" : outcome.route };
}
