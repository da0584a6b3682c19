/**
 * The distill stage: the gates that keep distillers out, the pre-trim past 2 MB, the routed
 * distiller with the generic one, a test runner's report and collapse as fallbacks, and the
 * checks a candidate must pass (every failure line kept, enough saved). It returns text or the
 * reason the raw bytes go on.
 */
import { expandSameAs } from "../base/same-as.ts";
import { failureLines } from "../base/failure.ts";
import { visibleText } from "../base/erased.ts";
import { byteLength, splitInclusive, stripAnsi } from "../base/lines.ts";
import {
  ENORMOUS_HEAD_LINES,
  ENORMOUS_INPUT_BYTES,
  ENORMOUS_TAIL_LINES,
  GUARDRAIL_PERCENT,
  MEANINGFUL_PERCENT,
  MIN_GAIN_INPUT_BYTES,
  REFACTOR_MEANINGFUL_PERCENT,
} from "../base/limits.ts";
import { enormousMarker, lostDescription, omittedMarker } from "../base/markers.ts";
import { scoreLines, type ScoredLine } from "../base/score.ts";
import { distillerFor } from "../distillers/index.ts";
import { readTestRun } from "../distillers/test.ts";
import { collapse } from "./collapse.ts";
import type { PipelineDeps, PipelineRequest, RouteTaken } from "./pipeline-types.ts";
import type { DistillerId, Route } from "./route.ts";

/** A handle's length, for what the marker will cost before the archive names it. */
const HANDLE_SHAPE = "0".repeat(16);

/** Routes whose unrecognised output is a log like any other; a file, a search or a diff is not. */
const SHAPE_FALLBACK = new Set<DistillerId>(["test", "build", "jsts", "cloud", "system-ops"]);

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

/** Distill, with collapse as the fallback; null text (and the reason) when the raw bytes should go on. */
export function distillStage(
  request: PipelineRequest,
  command: string,
  route: Route,
  deps: PipelineDeps,
): { text: string | null; route: RouteTaken; reason: string; gated?: true } {
  const declined = distillDeclineReason(request, route, deps);
  // `gated`: a gate kept every distiller out (a verbatim command, a loop goal, filters off): the bytes go on as they are.
  if (declined) return { text: null, route: "passthrough", reason: declined, gated: true };
  const input = trimEnormous(request.text);
  let candidate = distill(route.distiller!, input, command, request, deps);
  const meaningful = (text: string) => savesEnough(byteLength(text), request);
  // Output the routed distiller does not recognise (a runner it has no reader for, a project's own
  // script) goes to the generic stage, whose shape miner keeps every failure, warning and tally line.
  if (candidate === null && SHAPE_FALLBACK.has(route.distiller!)) candidate = distill("generic", input, command, request, deps);
  // Output it barely shortens may be a test runner's report it has no reason to know (`npm run borp`
  // printing node's test report): read by the runner's tally, as a project's own script is.
  else if (candidate !== null && !meaningful(candidate) && SHAPE_FALLBACK.has(route.distiller!)) {
    const report = readTestRun(input, request.failed, { endsRun: true });
    if (report && byteLength(report) < byteLength(candidate)) candidate = report;
  }
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
  if (!meaningful(candidate)) return { text: null, route: "passthrough", reason: "below guardrail" };
  // With its marker the reply must still save enough: a 371-byte `php -l` loop whose two folded
  // file names cost the marker's length is worth less than its raw lines.
  const marker = omittedMarker(lostDescription(request.text, candidate), HANDLE_SHAPE);
  if (!meaningful(candidate.replace(/\n$/, "") + marker)) return { text: null, route: "passthrough", reason: "marker would not pay" };
  return { text: candidate, route: taken, reason: "" };
}

/** Whether a reply of `bytes` saves enough of the request's input to be worth what it leaves out. */
function savesEnough(bytes: number, request: PipelineRequest): boolean {
  const percent = request.emphasis === "refactor" ? REFACTOR_MEANINGFUL_PERCENT : MEANINGFUL_PERCENT;
  return bytes * 100 < byteLength(request.text) * percent;
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

/**
 * Every distinct line that states a failure must still be readable in the output. A line redrawn
 * with carriage returns is read as its frames, as a terminal shows them one after another: each
 * frame that states a failure must be readable, not the whole redrawn line.
 */
function keepsEveryFailure(rawText: string, output: string): boolean {
  // A repeated finding that points at its first one (`a.py:9: (same as 3)`) is read whole.
  const plainOutput = stripAnsi(expandSameAs(output));
  // A spinner's frame it wiped again (`  3 failed` as the run went) is not what the run reports.
  const plainRaw = visibleText(rawText);
  // Few outputs redraw a line: most are read as they are, without a copy.
  const frames = plainRaw.includes("\r") ? plainRaw.replaceAll("\r", "\n") : plainRaw;
  return failureLines(frames).every((line) => plainOutput.includes(line));
}
