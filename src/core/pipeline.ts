/**
 * THE pipeline. Every entry point (hook, pipe, exec, MCP) builds a request and calls
 * runPipeline; none of them calls a stage. Order: guard → score → distill → collapse (fallback
 * only) → fidelity → ledger → archive + marker → cap → ledger receipts → record. Every stage may
 * decline, and a decline anywhere hands back the raw bytes. The ledger also runs on bytes no
 * distiller touched (a file read, `cat`), and records whatever was finally delivered.
 * The stages live beside it (guard.ts, distill-stage.ts, ledger-stage.ts), its types in pipeline-types.ts.
 */
import { byteLength } from "../base/lines.ts";
import { ENORMOUS_INPUT_BYTES, MAX_ARCHIVE_BYTES, MAX_INPUT_BYTES, MAX_OUTPUT_BYTES } from "../base/limits.ts";
import { hasOmniMarkerLine, lostDescription, omittedMarker, withEnormousHandle } from "../base/markers.ts";
import { redactCommand } from "../base/redact.ts";
import { distillStage } from "./distill-stage.ts";
import { guardOf, withRedactionNotice, type Guard } from "./guard.ts";
import { ledgerStage, recordShown } from "./ledger-stage.ts";
import type { Outcome, PipelineDeps, PipelineRequest, PipelineResult, PipelineStore } from "./pipeline-types.ts";
import { isOwnRecoveryCommand, routeTool, stripExecWrapper, type DistillerId, type Route } from "./route.ts";
import { capOutput } from "./truncate.ts";

export function runPipeline(request: PipelineRequest, deps: PipelineDeps): PipelineResult {
  const startedMs = deps.clock.now();
  const command = stripExecWrapper(request.command);
  const guard = guardOf(request, command);
  // Secrets are masked before anything else sees the text: what is delivered, archived, traced
  // and recorded by the ledger is the masked copy, so no handle can ever hand a secret back.
  const working = guard.masked ? { ...request, text: guard.masked.text } : request;
  let route: Route = { distiller: null, collapse: null, label: "omni" };
  let outcome: Outcome;
  try {
    route = routeTool(request.tool ?? "Bash", command);
    outcome = project(working, command, route, guard, deps, startedMs);
  } catch (error) {
    deps.log?.(`pipeline error: ${error instanceof Error ? error.message : String(error)}`);
    outcome = raw(working, `internal error`);
  }
  const latencyMs = deps.clock.now() - startedMs;
  if (deps.deadlineMs !== undefined && latencyMs > deps.deadlineMs && outcome.route !== "passthrough") {
    outcome = { ...raw(working, "deadline exceeded"), route: "timeout", recordable: outcome.recordable };
  }
  if (guard.masked) outcome = withRedactionNotice(outcome, guard.masked.count, request.tool, guard.structured !== null);
  const result: PipelineResult = {
    delivered: outcome.text,
    changed: outcome.text !== request.text,
    route: outcome.route,
    reason: outcome.reason,
    distiller: outcome.distiller,
    handle: outcome.handle,
    bytesIn: byteLength(request.text),
    bytesOut: byteLength(outcome.text),
    latencyMs,
    lineShift: outcome.folded?.lineShift ?? 0,
  };
  if (outcome.recordable) recordShown(working, command, outcome, deps, startedMs);
  record(guard.stored === null ? working : { ...request, text: guard.stored }, command, route, result, deps, startedMs);
  return result;
}

const TOO_LARGE = "too large";

function raw(request: PipelineRequest, reason: string, distiller: DistillerId | null = null): Outcome {
  return { text: request.text, route: "passthrough", reason, distiller, handle: null };
}

/** The decline gates, in order. Each names its reason, so every passthrough is explainable. */
function declineReason(request: PipelineRequest, command: string, guard: Guard, hasStore: boolean): string | null {
  const text = request.text;
  if (guard.passthrough) return "passthrough requested";
  if (text === "") return "empty";
  if (byteLength(text) > MAX_INPUT_BYTES) return TOO_LARGE;
  if (!text.isWellFormed()) return "not valid text";
  if (isOwnRecoveryCommand(command)) return "own recovery command";
  // `omni exec` already ran this pipeline and recorded what it printed: a second pass would fold
  // the output against its own receipts and tell the reader it was shown what it never got.
  if (request.entry === "hook" && command !== request.command) return "already through omni exec";
  if (guard.structured) return `structured:${guard.structured}`;
  if (!hasStore) return "no archive";
  if (hasOmniMarkerLine(text)) return "already distilled";
  return null;
}

function project(request: PipelineRequest, command: string, route: Route, guard: Guard, deps: PipelineDeps, startedMs: number): Outcome {
  const declined = declineReason(request, command, guard, deps.store !== null);
  if (declined) return raw(request, declined, route.distiller);
  const store = deps.store!;
  const bytesIn = byteLength(request.text);
  const distilled = distillStage(request, command, route, deps);
  const distillerId = route.distiller;
  // Failed runs fold nothing (their output is the evidence), but what they delivered is still recorded.
  const folded = request.failed ? null : ledgerStage(distilled.text ?? request.text, request, command, store, startedMs, deps);
  if (distilled.text === null) {
    if (!folded) {
      const cut = distilled.gated ? null : cutForView(request, distilled.reason, distillerId, store, startedMs);
      return cut ?? { ...raw(request, distilled.reason, distillerId), recordable: true };
    }
    return {
      text: capped(folded.text, request, store, startedMs),
      route: "folded",
      reason: null,
      distiller: distillerId,
      handle: null,
      recordable: true,
      folded,
    };
  }
  const candidate = distilled.text;

  // Only what the distiller dropped needs the whole-output marker; each fold carries its own handle.
  // Archive first, marker second: a handle never names bytes that were not stored.
  // Past the block cap nothing is cut: an omission always carries a handle, or is not made.
  if (bytesIn > MAX_ARCHIVE_BYTES) return { ...raw(request, "over archive cap", distillerId), recordable: true };
  const handle = store.archive(request.text, bytesIn, startedMs);
  if (handle === null) return { ...raw(request, "archive failed", distillerId), recordable: true };
  const marker = omittedMarker(lostDescription(request.text, candidate), handle);
  const view = bytesIn > ENORMOUS_INPUT_BYTES ? withEnormousHandle(folded?.text ?? candidate, handle) : (folded?.text ?? candidate);
  const body = view.endsWith("\n") ? view.slice(0, -1) : view;
  const delivered = body + marker;
  if (byteLength(delivered) >= bytesIn) return { ...raw(request, "marker would not pay", distillerId), recordable: true };
  return {
    text: capped(delivered, request, store, startedMs),
    route: distilled.route,
    reason: null,
    distiller: distillerId,
    handle,
    recordable: true,
    folded: folded ?? undefined,
  };
}

/**
 * Output no stage changed, past what the host shows whole: the host would cut it anyway (its first
 * 30,000 characters, a failed run's two ends, a 2 KB preview), blind to where the failures are.
 * omni's cut keeps the failure lines and the tally from the middle, names what it dropped and
 * archives it behind a handle. Only output a distiller read and declined gets here: structured
 * payloads and requested passthroughs are handed back raw before any stage runs, and what a
 * distill gate kept from every distiller goes on raw too: a listing or a file's text, read in
 * order (the host's own head cut keeps more of it), and a loop goal's or the config's wish for the whole.
 */
function cutForView(
  request: PipelineRequest,
  reason: string,
  distiller: DistillerId | null,
  store: PipelineStore,
  startedMs: number,
): Outcome | null {
  if (request.viewCapBytes === undefined || byteLength(request.text) <= request.viewCapBytes) return null;
  const text = capped(request.text, request, store, startedMs);
  if (text === request.text) return null;
  return { text, route: "cut", reason, distiller, handle: null, recordable: true };
}

function capped(text: string, request: PipelineRequest, store: PipelineStore, startedMs: number): string {
  const cap = Math.min(MAX_OUTPUT_BYTES, request.viewCapBytes ?? MAX_OUTPUT_BYTES);
  return capOutput(text, cap, (content, whole) => store.archive(content, whole, startedMs), request.viewTailShare);
}

function record(
  request: PipelineRequest,
  command: string,
  route: Route,
  result: PipelineResult,
  deps: PipelineDeps,
  startedMs: number,
): void {
  if (!deps.store) return;
  const tooLarge = result.bytesIn > MAX_INPUT_BYTES;
  try {
    deps.store.record({
      tsMs: startedMs,
      sessionId: request.sessionId ?? null,
      agentId: request.agentId,
      entry: request.entry,
      tool: request.tool ?? null,
      // A secret typed on the command line is masked like one in the output.
      command: redactCommand(command),
      label: route.label,
      distiller: result.distiller,
      route: result.route,
      reason: result.reason,
      inputBytes: result.bytesIn,
      outputBytes: result.bytesOut,
      deliveredBytes: result.bytesOut,
      latencyMs: result.latencyMs,
      handle: result.handle,
      projectPath: request.projectPath ?? null,
      exitCode: request.exitCode ?? null,
      footer: request.footer ?? "none",
      // Past the input ceiling nothing was edited (whichever gate declined it first, a passthrough
      // request included): keeping megabytes of trace would only grow the file.
      raw: tooLarge ? "" : request.text,
      // Unchanged, the delivery is the input: the (masked) text this record was given.
      delivered: tooLarge ? "" : result.changed ? result.delivered : request.text,
    });
  } catch (error) {
    // Accounting is not worth a broken reply.
    deps.log?.(`record failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
