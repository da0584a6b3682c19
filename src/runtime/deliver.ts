/**
 * The terminal side of exec and pipe: run the pipeline over captured bytes, print what the
 * reader gets on stdout and the footer on stderr. Bytes that are not text pass through as-is.
 * `distillCaptured` is the shared half: MCP's omni_run calls it too, so there is one path.
 */
import { readerScope } from "../base/agent-id.ts";
import { HOST_VIEW_MARGIN_BYTES } from "../base/limits.ts";
import { footerText, type FooterMode } from "../base/markers.ts";
import { runPipeline } from "../core/pipeline.ts";
import type { Entry, PipelineResult } from "../core/pipeline-types.ts";
import { hostList } from "../hosts/index.ts";
import { runWishes } from "../memory/run-wishes.ts";
import { decodeUtf8, writeErr, writeOut } from "../platform/io.ts";
import type { Env } from "../platform/paths.ts";
import { projectPathOf } from "../platform/project-path.ts";
import { openRuntime, type Runtime } from "./deps.ts";

export interface DeliverRequest {
  output: Uint8Array;
  command: string;
  /** null when omni did not run the command (pipe mode): no exit code is then claimed. */
  exitCode: number | null;
  agentId: string;
  sessionId: string | null;
  /** The host's subagent id, when a subagent ran the command: its own reader within the session. */
  subagentId?: string | null;
  entry: Entry;
  env: Env;
}

/** The footer exec and pipe will print after the output, decided before the run so its row records it. */
function footerMode(env: Env): FooterMode {
  if (env.OMNI_QUIET !== undefined) return "none";
  return env.OMNI_OUTPUT_JSON ? "json" : "text";
}

/** Captured text → the pipeline, exactly as exec runs it. */
export function distillCaptured(
  request: Omit<DeliverRequest, "output"> & { text: string; cwd: string; footer?: FooterMode },
  runtime: Runtime,
): PipelineResult {
  const projectPath = projectPathOf(request.cwd);
  return runPipeline(
    {
      text: request.text,
      command: request.command,
      entry: request.entry,
      failed: request.exitCode !== null && request.exitCode !== 0,
      exitCode: request.exitCode,
      agentId: request.agentId,
      sessionId: readerScope(request.sessionId, request.subagentId ?? null),
      projectPath,
      ...runWishes(request.env, runtime.db, projectPath),
      ...(request.footer ? { footer: request.footer } : {}),
      // The host's Bash view: an MCP tool's result is shown by other rules.
      ...(request.entry === "mcp" ? {} : viewCap(request.agentId, request.exitCode !== null && request.exitCode !== 0)),
    },
    runtime.deps,
  );
}

/**
 * A reply the reading host would not show whole (Claude Code shows a 2 KB preview of a Bash result
 * of 30,000 characters, and only the two ends of a failed one past about 11,000) is cut by omni
 * instead, under that size: the model then reads the failures and the tally, the rest behind a
 * handle. A failed run's cut keeps as much tail as head, as the host's own cut of it does.
 */
export function viewCap(agentId: string, failed: boolean): { viewCapBytes?: number; viewTailShare?: number } {
  const view = hostList.find((host) => host.agentId === agentId)?.shellViewChars;
  if (view === undefined) return {};
  return failed
    ? { viewCapBytes: view.failed - HOST_VIEW_MARGIN_BYTES, viewTailShare: 1 / 2 }
    : { viewCapBytes: view.passed - HOST_VIEW_MARGIN_BYTES };
}

export function deliver(request: DeliverRequest): void {
  const text = decodeUtf8(request.output);
  if (text === null) {
    writeOut(request.output);
    return;
  }
  const runtime = openRuntime(request.env);
  try {
    const mode = footerMode(request.env);
    const result = distillCaptured({ ...request, text, cwd: process.cwd(), footer: mode }, runtime);
    writeOut(result.changed ? result.delivered : request.output);
    const footer = footerText(mode, result);
    if (footer !== null) writeErr(footer);
  } finally {
    runtime.db?.close();
  }
}
