/**
 * THE pipeline. Every entry point (hook, pipe, exec, MCP) builds a request and calls
 * runPipeline; none of them calls a stage. Order: guard → score → distill → collapse (fallback
 * only) → ledger → fidelity → archive + marker → cap → record. Every stage may decline, and a
 * decline anywhere hands back the raw bytes.
 */
import { distillerFor } from "../distillers/index.ts";
import { collapse } from "./collapse.ts";
import { carriesFailure } from "./failure.ts";
import { sniffFormat, type StructuredKind } from "./format.ts";
import { redactSecrets } from "./redact.ts";
import {
  ENORMOUS_HEAD_LINES,
  ENORMOUS_INPUT_BYTES,
  ENORMOUS_TAIL_LINES,
  GUARDRAIL_PERCENT,
  MAX_ARCHIVE_BYTES,
  MAX_OUTPUT_BYTES,
  MEANINGFUL_PERCENT,
  MIN_GAIN_INPUT_BYTES,
} from "./limits.ts";
import { byteLength, countLines, splitInclusive, splitLines, stripAnsi } from "./lines.ts";
import { enormousMarker, isOmniMarkerLine, omittedMarker, omittedNotArchivedMarker, redactionHeader } from "./markers.ts";
import { commandRequestsPassthrough, isOwnRecoveryCommand, routeTool, stripExecWrapper, type DistillerId, type Route } from "./route.ts";
import { scoreLines } from "./score.ts";
import { capOutput } from "./truncate.ts";

export type Entry = "hook" | "pipe" | "exec" | "mcp";

export interface PipelineRequest {
  /** The raw output, as the reader would otherwise receive it. */
  text: string;
  /** The shell command (or the file path for a Read). */
  command: string;
  /** Host tool name (Bash, Read, Grep, WebFetch); absent for pipe and exec. */
  tool?: string;
  entry: Entry;
  /** The command exited non-zero or the host flagged an error. */
  failed: boolean;
  exitCode?: number | null;
  agentId: string;
  /** Reader scope: the host session id (`session/agent` for a subagent). No id, no ledger. */
  sessionId?: string | null;
  projectPath?: string | null;
  /** The environment asked for passthrough (OMNI_PASSTHROUGH=1). */
  passthroughRequested?: boolean;
  /** Words of the pinned goal (`omni goal`): lines naming one score higher. */
  goalTerms?: string[];
}

export type RouteTaken = "passthrough" | "distilled" | "collapsed" | "redacted" | "timeout";

export interface PipelineResult {
  /** What the reader gets. Equal to the input when `changed` is false. */
  delivered: string;
  changed: boolean;
  route: RouteTaken;
  reason: string | null;
  distiller: DistillerId | null;
  handle: string | null;
  bytesIn: number;
  bytesOut: number;
  latencyMs: number;
}

export interface RunRecord {
  tsMs: number;
  sessionId: string | null;
  agentId: string;
  entry: Entry;
  tool: string | null;
  command: string;
  label: string;
  distiller: string | null;
  route: RouteTaken;
  reason: string | null;
  inputBytes: number;
  outputBytes: number;
  deliveredBytes: number;
  latencyMs: number;
  handle: string | null;
  projectPath: string | null;
  exitCode: number | null;
  raw: string;
  delivered: string;
}

/** What the pipeline needs from storage. Absent or failing, the run degrades to passthrough. */
export interface PipelineStore {
  /** Archive a block and return its handle, or null when it was not stored. */
  archive(content: string, wholeBytes: number, nowMs: number): string | null;
  record(run: RunRecord): void;
}

export interface Clock {
  now(): number;
}

export interface PipelineDeps {
  store: PipelineStore | null;
  clock: Clock;
  /** Past this many ms since the start, the raw bytes go back and the run is recorded as timed out. */
  deadlineMs?: number;
  log?: (message: string) => void;
}

interface Outcome {
  text: string;
  route: RouteTaken;
  reason: string | null;
  distiller: DistillerId | null;
  handle: string | null;
}

export function runPipeline(request: PipelineRequest, deps: PipelineDeps): PipelineResult {
  const startedMs = deps.clock.now();
  const command = stripExecWrapper(request.command);
  const guard = guardOf(request, command);
  // Secrets are masked before anything else sees the text: what is delivered, archived and
  // traced is the masked copy, so no handle can ever hand a secret back.
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
    outcome = { ...raw(working, "deadline exceeded"), route: "timeout" };
  }
  if (guard.masked) {
    outcome = {
      ...outcome,
      text: `${redactionHeader(guard.masked.count)}\n${outcome.text}`,
      route: outcome.route === "passthrough" ? "redacted" : outcome.route,
    };
  }
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
  };
  record(working, command, route, result, deps, startedMs);
  return result;
}

/** What the guard learned once, up front: structure, passthrough requests, secrets to mask. */
interface Guard {
  passthrough: boolean;
  structured: StructuredKind | null;
  masked: { text: string; count: number } | null;
}

function guardOf(request: PipelineRequest, command: string): Guard {
  const passthrough = Boolean(request.passthroughRequested) || commandRequestsPassthrough(command);
  if (passthrough || !request.text.isWellFormed()) return { passthrough, structured: null, masked: null };
  const structured = sniffFormat(request.text);
  if (structured) return { passthrough, structured, masked: null };
  const redaction = redactSecrets(request.text);
  return { passthrough, structured, masked: redaction.count > 0 ? redaction : null };
}

function raw(request: PipelineRequest, reason: string, distiller: DistillerId | null = null): Outcome {
  return { text: request.text, route: "passthrough", reason, distiller, handle: null };
}

/** The decline gates, in order. Each names its reason, so every passthrough is explainable. */
function declineReason(request: PipelineRequest, command: string, route: Route, guard: Guard, hasStore: boolean): string | null {
  const text = request.text;
  if (guard.passthrough) return "passthrough requested";
  if (text === "") return "empty";
  if (!text.isWellFormed()) return "not valid text";
  if (isOwnRecoveryCommand(command)) return "own recovery command";
  if (guard.structured) return `structured:${guard.structured}`;
  if (!hasStore) return "no archive";
  if (byteLength(text) < MIN_GAIN_INPUT_BYTES) return "below gain floor";
  if (splitLines(text).some(isOmniMarkerLine)) return "already distilled";
  if (route.distiller === null) return route.reason ?? "verbatim command";
  if (request.failed && !distillerFor(route.distiller).distillsFailedRuns) return "command failed";
  return null;
}

function project(request: PipelineRequest, command: string, route: Route, guard: Guard, deps: PipelineDeps, startedMs: number): Outcome {
  const declined = declineReason(request, command, route, guard, deps.store !== null);
  if (declined) return raw(request, declined, route.distiller);
  const store = deps.store!;
  const distillerId = route.distiller!;
  const input = trimEnormous(request.text);
  const bytesIn = byteLength(request.text);

  let candidate = distill(distillerId, input, command, request, deps);
  let taken: RouteTaken = "distilled";
  if ((candidate === null || !beatsGuardrail(candidate, input)) && route.collapse && !request.failed) {
    const collapsed = collapse(input, route.collapse);
    if (collapsed !== null && beatsGuardrail(collapsed, input)) {
      candidate = collapsed;
      taken = "collapsed";
    }
  }
  if (candidate === null) return raw(request, "not recognised", distillerId);
  if (!keepsEveryFailure(request.text, candidate)) return raw(request, "would have dropped the failure", distillerId);
  if (byteLength(candidate) * 100 >= bytesIn * MEANINGFUL_PERCENT) return raw(request, "below guardrail", distillerId);

  // Archive first, marker second: a handle never names bytes that were not stored.
  const lost = lostDescription(request.text, candidate);
  let marker: string;
  let handle: string | null = null;
  if (bytesIn > MAX_ARCHIVE_BYTES) marker = omittedNotArchivedMarker(lost, bytesIn, MAX_ARCHIVE_BYTES);
  else {
    handle = store.archive(request.text, bytesIn, startedMs);
    if (handle === null) return raw(request, "archive failed", distillerId);
    marker = omittedMarker(lost, handle);
  }
  const body = candidate.endsWith("\n") ? candidate.slice(0, -1) : candidate;
  let delivered = body + marker;
  if (byteLength(delivered) >= bytesIn) return raw(request, "marker would not pay", distillerId);
  delivered = capOutput(delivered, MAX_OUTPUT_BYTES, (content, whole) => store.archive(content, whole, startedMs));
  return { text: delivered, route: taken, reason: null, distiller: distillerId, handle };
}

function distill(id: DistillerId, text: string, command: string, request: PipelineRequest, deps: PipelineDeps): string | null {
  try {
    return distillerFor(id).distill({ text, command, segments: scoreLines(text, { goalTerms: request.goalTerms }), failed: request.failed, tool: request.tool });
  } catch (error) {
    // A distiller that throws did not understand its input: raw bytes, never a crash.
    deps.log?.(`distiller ${id} threw: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function beatsGuardrail(candidate: string, input: string): boolean {
  return byteLength(candidate) * 100 < byteLength(input) * GUARDRAIL_PERCENT;
}

/** Past 2 MB only a head and a tail are worth reading; the marker says how much was skipped. */
function trimEnormous(text: string): string {
  if (byteLength(text) <= ENORMOUS_INPUT_BYTES) return text;
  const lines = splitInclusive(text);
  if (lines.length <= ENORMOUS_HEAD_LINES + ENORMOUS_TAIL_LINES) return text;
  const omitted = lines.length - ENORMOUS_HEAD_LINES - ENORMOUS_TAIL_LINES;
  return lines.slice(0, ENORMOUS_HEAD_LINES).join("") + enormousMarker(omitted) + lines.slice(-ENORMOUS_TAIL_LINES).join("");
}

/** Every distinct line that states a failure must still be readable in the output. */
function keepsEveryFailure(rawText: string, output: string): boolean {
  const plainOutput = stripAnsi(output);
  for (const line of splitLines(stripAnsi(rawText))) {
    const trimmed = line.trim();
    if (trimmed !== "" && carriesFailure(trimmed) && !plainOutput.includes(trimmed)) return false;
  }
  return true;
}

function lostDescription(rawText: string, output: string): string {
  const droppedLines = countLines(rawText) - countLines(output);
  if (droppedLines > 0) return `${droppedLines} lines`;
  return `${byteLength(rawText) - byteLength(output)} bytes`;
}

function record(request: PipelineRequest, command: string, route: Route, result: PipelineResult, deps: PipelineDeps, startedMs: number): void {
  if (!deps.store) return;
  try {
    deps.store.record({
      tsMs: startedMs,
      sessionId: request.sessionId ?? null,
      agentId: request.agentId,
      entry: request.entry,
      tool: request.tool ?? null,
      command,
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
      raw: request.text,
      delivered: result.delivered,
    });
  } catch (error) {
    // Accounting is not worth a broken reply.
    deps.log?.(`record failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
