/**
 * THE pipeline. Every entry point (hook, pipe, exec, MCP) builds a request and calls
 * runPipeline; none of them calls a stage. Order: guard → score → distill → collapse (fallback
 * only) → ledger → fidelity → archive + marker → cap → record. Every stage may decline, and a
 * decline anywhere hands back the raw bytes.
 */
import { distillerFor } from "../distillers/index.ts";
import { collapse } from "./collapse.ts";
import { failureLines } from "./failure.ts";
import { sniffFormat } from "./format.ts";
import {
  ENORMOUS_HEAD_LINES,
  ENORMOUS_INPUT_BYTES,
  ENORMOUS_TAIL_LINES,
  GUARDRAIL_PERCENT,
  MAX_ARCHIVE_BYTES,
  MAX_INPUT_BYTES,
  MAX_OUTPUT_BYTES,
  MEANINGFUL_PERCENT,
  MIN_GAIN_INPUT_BYTES,
} from "./limits.ts";
import { byteLength, countLines, splitInclusive, stripAnsi } from "./lines.ts";
import { enormousMarker, hasOmniMarkerLine, omittedMarker, omittedNotArchivedMarker } from "./markers.ts";
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
}

export type RouteTaken = "passthrough" | "distilled" | "collapsed" | "timeout";

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
  /**
   * Stages to run, all on by default. Only the benchmark switches one off: its `filters` arm runs
   * no ledger, and a peer's `+ledger` arm runs our ledger over the peer's output with no filters.
   */
  stages?: { filters?: boolean; ledger?: boolean };
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
  let route: Route = { distiller: null, collapse: null, label: "omni" };
  let outcome: Outcome;
  try {
    route = routeTool(request.tool ?? "Bash", command);
    outcome = project(request, command, route, deps, startedMs);
  } catch (error) {
    deps.log?.(`pipeline error: ${error instanceof Error ? error.message : String(error)}`);
    outcome = raw(request, `internal error`);
  }
  const latencyMs = deps.clock.now() - startedMs;
  if (deps.deadlineMs !== undefined && latencyMs > deps.deadlineMs && outcome.route !== "passthrough") {
    outcome = { ...raw(request, "deadline exceeded"), route: "timeout" };
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
  record(request, command, route, result, deps, startedMs);
  return result;
}

const TOO_LARGE = "too large";

function raw(request: PipelineRequest, reason: string, distiller: DistillerId | null = null): Outcome {
  return { text: request.text, route: "passthrough", reason, distiller, handle: null };
}

/** The decline gates, in order. Each names its reason, so every passthrough is explainable. */
function declineReason(request: PipelineRequest, command: string, route: Route, hasStore: boolean): string | null {
  const text = request.text;
  if (request.passthroughRequested || commandRequestsPassthrough(command)) return "passthrough requested";
  if (text === "") return "empty";
  if (byteLength(text) > MAX_INPUT_BYTES) return TOO_LARGE;
  if (!text.isWellFormed()) return "not valid text";
  if (isOwnRecoveryCommand(command)) return "own recovery command";
  const kind = sniffFormat(text);
  if (kind) return `structured:${kind}`;
  if (!hasStore) return "no archive";
  if (byteLength(text) < MIN_GAIN_INPUT_BYTES) return "below gain floor";
  if (hasOmniMarkerLine(text)) return "already distilled";
  if (route.distiller === null) return route.reason ?? "verbatim command";
  if (request.failed && !distillerFor(route.distiller).distillsFailedRuns) return "command failed";
  return null;
}

function project(request: PipelineRequest, command: string, route: Route, deps: PipelineDeps, startedMs: number): Outcome {
  const declined = declineReason(request, command, route, deps.store !== null);
  if (declined) return raw(request, declined, route.distiller);
  if (deps.stages?.filters === false) return raw(request, "filters off", route.distiller);
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
    return distillerFor(id).distill({ text, command, segments: scoreLines(text), failed: request.failed, tool: request.tool });
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
  return failureLines(stripAnsi(rawText)).every((line) => plainOutput.includes(line));
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
      // Past the input ceiling nothing was edited: keeping megabytes of trace would only grow the file.
      raw: result.reason === TOO_LARGE ? "" : request.text,
      delivered: result.reason === TOO_LARGE ? "" : result.delivered,
    });
  } catch (error) {
    // Accounting is not worth a broken reply.
    deps.log?.(`record failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
