/**
 * THE pipeline. Every entry point (hook, pipe, exec, MCP) builds a request and calls
 * runPipeline; none of them calls a stage. Order: guard → score → distill → collapse (fallback
 * only) → fidelity → ledger → archive + marker → cap → ledger receipts → record. Every stage may
 * decline, and a decline anywhere hands back the raw bytes. The ledger also runs on bytes no
 * distiller touched (a file read, `cat`), and records whatever was finally delivered.
 */
import type { Clock } from "../base/clock.ts";
import { distillerFor } from "../distillers/index.ts";
import { foldRepeats, type Folded } from "../ledger/fold.ts";
import { recordDelivered } from "../ledger/record.ts";
import { projectScope, type LedgerContext, type LedgerStore } from "../ledger/types.ts";
import { collapse } from "./collapse.ts";
import type { Sha256Key } from "../base/handle.ts";
import { failureLines } from "../base/failure.ts";
import { sniffFormat, type StructuredKind } from "./format.ts";
import { redactCommand, redactSecrets } from "../base/redact.ts";
import { isSourcePath } from "../base/text-paths.ts";
import {
  ENORMOUS_HEAD_LINES,
  ENORMOUS_INPUT_BYTES,
  ENORMOUS_TAIL_LINES,
  GUARDRAIL_PERCENT,
  MAX_ARCHIVE_BYTES,
  MAX_OUTPUT_BYTES,
  MAX_INPUT_BYTES,
  MEANINGFUL_PERCENT,
  MIN_GAIN_INPUT_BYTES,
  REFACTOR_MEANINGFUL_PERCENT,
} from "../base/limits.ts";
import type { Emphasis } from "../base/emphasis.ts";
import { byteLength, countLines, splitInclusive, stripAnsi } from "../base/lines.ts";
import { enormousMarker, hasOmniMarkerLine, omittedMarker, redactionHeader, withEnormousHandle, type FooterMode } from "../base/markers.ts";
import { commandRequestsPassthrough, isOwnRecoveryCommand, routeTool, stripExecWrapper, type DistillerId, type Route } from "./route.ts";
import { scoreLines, type ScoredLine } from "../base/score.ts";
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
  /** The footer the entry prints after the output, recorded so stats charge only real ones; absent: none. */
  footer?: FooterMode;
  /** What the agent loop's goal asks for (OMNI_LOOP_GOAL): more detail kept, or harder compression. */
  emphasis?: Emphasis | null;
}

export type RouteTaken = "passthrough" | "distilled" | "collapsed" | "folded" | "redacted" | "timeout";

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
  /** A Read window whose leading lines were folded: add this to its first line number. */
  lineShift: number;
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
  /** Absent on rows written before footers were recorded: the accounting then assumes exec's default. */
  footer?: FooterMode;
  raw: string;
  delivered: string;
}

/** What the pipeline needs from storage. Absent or failing, the run degrades to passthrough. */
export interface PipelineStore {
  /** Archive a block and return its handle, or null when it was not stored. */
  archive(content: string, wholeBytes: number, nowMs: number): string | null;
  record(run: RunRecord): void;
  /** The ledger's lookups and receipts; absent, nothing folds and nothing is recorded. */
  ledger?: LedgerStore;
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
  /** SHA-256 for the ledger's line keys; the pure node:crypto one when absent. Must give the same keys. */
  sha256Key?: Sha256Key;
}

interface Outcome {
  text: string;
  route: RouteTaken;
  reason: string | null;
  distiller: DistillerId | null;
  handle: string | null;
  /** The payload reached the ledger stage, so whatever is finally delivered is recorded as shown. */
  recordable?: boolean;
  folded?: Folded;
}

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

/** What the guard learned once, up front: structure, passthrough requests, secrets to mask. */
interface Guard {
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

function guardOf(request: PipelineRequest, command: string): Guard {
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
function withRedactionNotice(outcome: Outcome, count: number, tool: string | undefined, structured: boolean): Outcome {
  const text = tool === "Read" || structured ? outcome.text : `${redactionHeader(count)}\n${outcome.text}`;
  return { ...outcome, text, route: outcome.route === "passthrough" ? "redacted" : outcome.route };
}

const TOO_LARGE = "too large";

/** Routes whose unrecognised output is a log like any other; a file, a search or a diff is not. */
const SHAPE_FALLBACK = new Set<DistillerId>(["test", "build", "jsts", "cloud", "system-ops"]);

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

/** Gates that keep the distillers out but not the ledger: these bytes are still delivered, and may repeat. */
function distillDeclineReason(request: PipelineRequest, route: Route, deps: PipelineDeps): string | null {
  if (deps.stages?.filters === false) return "filters off";
  if (byteLength(request.text) < MIN_GAIN_INPUT_BYTES) return "below gain floor";
  if (route.distiller === null) return route.reason ?? "verbatim command";
  if (request.emphasis === "test" && route.distiller === "test") return "loop goal keeps test detail";
  if (request.emphasis === "debug" && request.failed) return "loop goal keeps error context";
  if (request.failed && !distillerFor(route.distiller).distillsFailedRuns) return "command failed";
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
    if (!folded) return { ...raw(request, distilled.reason, distillerId), recordable: true };
    return {
      text: capped(folded.text, store, startedMs),
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
    text: capped(delivered, store, startedMs),
    route: distilled.route,
    reason: null,
    distiller: distillerId,
    handle,
    recordable: true,
    folded: folded ?? undefined,
  };
}

/** Distill, with collapse as the fallback; null text (and the reason) when the raw bytes should go on. */
function distillStage(
  request: PipelineRequest,
  command: string,
  route: Route,
  deps: PipelineDeps,
): { text: string | null; route: RouteTaken; reason: string } {
  const declined = distillDeclineReason(request, route, deps);
  if (declined) return { text: null, route: "passthrough", reason: declined };
  const input = trimEnormous(request.text);
  let candidate = distill(route.distiller!, input, command, request, deps);
  // Output the routed distiller does not recognise (a runner it has no reader for, a project's own
  // script) goes to the generic stage, whose shape miner keeps every failure, warning and tally line.
  if (candidate === null && SHAPE_FALLBACK.has(route.distiller!)) candidate = distill("generic", input, command, request, deps);
  let taken: RouteTaken = "distilled";
  if ((candidate === null || !beatsGuardrail(candidate, input)) && route.collapse && !request.failed) {
    const collapsed = collapse(input, route.collapse);
    if (collapsed !== null && beatsGuardrail(collapsed, input)) {
      candidate = collapsed;
      taken = "collapsed";
    }
  }
  if (candidate === null) return { text: null, route: "passthrough", reason: distillerFor(route.distiller!).declined };
  if (!keepsEveryFailure(request.text, candidate)) return { text: null, route: "passthrough", reason: "would have dropped the failure" };
  const meaningfulPercent = request.emphasis === "refactor" ? REFACTOR_MEANINGFUL_PERCENT : MEANINGFUL_PERCENT;
  if (byteLength(candidate) * 100 >= byteLength(request.text) * meaningfulPercent)
    return { text: null, route: "passthrough", reason: "below guardrail" };
  return { text: candidate, route: taken, reason: "" };
}

function ledgerContext(request: PipelineRequest, command: string): LedgerContext | null {
  if (!request.sessionId) return null;
  const hostTool = request.tool !== undefined && request.tool !== "Bash";
  return {
    readerScope: request.sessionId,
    projectScope: projectScope(request.projectPath),
    agentId: request.agentId,
    source: hostTool ? command : "",
    window: request.tool === "Read",
    code: request.tool === "Read" && isSourcePath(command),
  };
}

/** Fold what this reader (or this project) was already delivered. No session id, no ledger. */
function ledgerStage(
  view: string,
  request: PipelineRequest,
  command: string,
  store: PipelineStore,
  startedMs: number,
  deps: PipelineDeps,
): Folded | null {
  const context = ledgerContext(request, command);
  // The raw text already passed the guard's sniff; only a distilled view needs one of its own.
  const structured = view !== request.text && sniffFormat(view, request.tool === "Read" ? command : undefined) !== null;
  if (!context || !store.ledger || deps.stages?.ledger === false || structured) return null;
  try {
    return foldRepeats(view, context, store.ledger, (content, whole) => store.archive(content, whole, startedMs), deps.sha256Key);
  } catch (error) {
    deps.log?.(`ledger fold failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Receipts for what the reader finally got: after the cap, the deadline, every revert. */
function recordShown(request: PipelineRequest, command: string, outcome: Outcome, deps: PipelineDeps, startedMs: number): void {
  const context = ledgerContext(request, command);
  const ledger = deps.store?.ledger;
  if (!context || !ledger) return;
  try {
    // The reader holds the whole payload when it got it as it was, or with only folds of lines it holds.
    const held = outcome.text === request.text || outcome.text === outcome.folded?.text ? request.text : null;
    recordDelivered(
      ledger,
      context,
      outcome.text,
      outcome.text === request.text ? null : (outcome.folded ?? null),
      startedMs,
      deps.sha256Key,
      held,
    );
  } catch (error) {
    deps.log?.(`ledger record failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function capped(text: string, store: PipelineStore, startedMs: number): string {
  return capOutput(text, MAX_OUTPUT_BYTES, (content, whole) => store.archive(content, whole, startedMs));
}

function distill(id: DistillerId, text: string, command: string, request: PipelineRequest, deps: PipelineDeps): string | null {
  try {
    // Scored on first use, once: most distillers never read the tiers, and on a 1 MB payload scoring cost more than distilling.
    let segments: ScoredLine[] | undefined;
    return distillerFor(id).distill({
      text,
      command,
      get segments() {
        return (segments ??= scoreLines(text, { goalTerms: request.goalTerms }));
      },
      failed: request.failed,
      tool: request.tool,
    });
  } catch (error) {
    // A distiller that throws did not understand its input: raw bytes, never a crash.
    deps.log?.(`distiller ${id} threw: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function beatsGuardrail(candidate: string, input: string): boolean {
  return byteLength(candidate) * 100 < byteLength(input) * GUARDRAIL_PERCENT;
}

/**
 * Past 2 MB only a head and a tail are worth reading, plus every line of the middle that states a
 * failure (else the fidelity check refuses the whole cut); the marker says how much was skipped.
 */
function trimEnormous(text: string): string {
  if (byteLength(text) <= ENORMOUS_INPUT_BYTES) return text;
  const lines = splitInclusive(text);
  if (lines.length <= ENORMOUS_HEAD_LINES + ENORMOUS_TAIL_LINES) return text;
  const middle = lines.slice(ENORMOUS_HEAD_LINES, -ENORMOUS_TAIL_LINES);
  const failing = new Set(failureLines(stripAnsi(middle.join(""))));
  const kept = failing.size === 0 ? [] : middle.filter((line) => failing.has(stripAnsi(line).trim()));
  const omitted = middle.length - kept.length;
  return (
    lines.slice(0, ENORMOUS_HEAD_LINES).join("") + enormousMarker(omitted) + kept.join("") + lines.slice(-ENORMOUS_TAIL_LINES).join("")
  );
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

function record(
  request: PipelineRequest,
  command: string,
  route: Route,
  result: PipelineResult,
  deps: PipelineDeps,
  startedMs: number,
): void {
  if (!deps.store) return;
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
      // Past the input ceiling nothing was edited: keeping megabytes of trace would only grow the file.
      raw: result.reason === TOO_LARGE ? "" : request.text,
      // Unchanged, the delivery is the input: the (masked) text this record was given.
      delivered: result.reason === TOO_LARGE ? "" : result.changed ? result.delivered : request.text,
    });
  } catch (error) {
    // Accounting is not worth a broken reply.
    deps.log?.(`record failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
