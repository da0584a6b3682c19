/**
 * Error memory: a failing run's failure lines become a session event (searchable, shown as the
 * active error), an open `tool_errors` row (a later pass makes it an engram) and normalised
 * patterns in `pattern_memory` (`omni patterns`). A host's failure hook (PostToolUseFailure)
 * calls recordToolError directly; exec, pipe and MCP runs reach it through capture.
 */
import { createHash } from "node:crypto";
import { failureLines } from "../base/failure.ts";
import { splitLines, stripAnsi } from "../base/lines.ts";
import { routeCommand, stripExecWrapper } from "../core/route.ts";
import type { Db } from "../store/db.ts";
import { upsertPattern } from "../store/patterns.ts";
import { insertEvent } from "../store/session-events.ts";
import { insertToolError } from "../store/tool-errors.ts";

const MAX_PATTERNS_PER_RUN = 5;
const MAX_LINE_CHARS = 200;

export interface ToolError {
  command: string;
  text: string;
  sessionId: string | null;
  projectHash: string | null;
  ts: number;
}

/** The family a command belongs to, as routing labels it (`cargo`, `npm`, `git`). */
export function toolFamily(command: string): string {
  return routeCommand(command).label;
}

/** Each failure line of the output once (the shared failure-line test), cut to MAX_LINE_CHARS. */
function distinctFailureLines(text: string): string[] {
  return [...new Set(failureLines(stripAnsi(text)))].map((line) => line.slice(0, MAX_LINE_CHARS));
}

/** Numbers, paths, quoted names and hex ids vary between occurrences of one error. */
function normalizePattern(line: string): string {
  return line
    .replace(/(["'`]).*?\1/g, "$1…$1")
    .replace(/(?:[\w.-]+\/)+[\w.-]+/g, "<path>")
    .replace(/\b0x[0-9a-f]+\b|\b[0-9a-f]{8,}\b/gi, "<id>")
    .replace(/\d+/g, "N");
}

function firstLine(text: string): string {
  return (splitLines(stripAnsi(text)).find((line) => line.trim() !== "") ?? "").trim().slice(0, MAX_LINE_CHARS);
}

export function recordToolError(db: Db, error: ToolError): void {
  // Keyed like the pipeline's run rows, so the command's next pass finds this failure.
  const command = stripExecWrapper(error.command);
  const lines = distinctFailureLines(error.text);
  const family = toolFamily(command);
  insertToolError(db, {
    command,
    projectHash: error.projectHash,
    sessionId: error.sessionId,
    lines: lines.slice(0, MAX_PATTERNS_PER_RUN),
    ts: error.ts,
  });
  insertEvent(db, {
    sessionId: error.sessionId,
    eventType: "error",
    // An error in no failure shape (an MCP tool's own sentence, with its fix) is told by its first line, not as "failed".
    content: `${command}: ${lines.slice(0, 3).join(" | ") || firstLine(error.text) || "failed"}`,
    ts: error.ts,
    projectHash: error.projectHash,
  });
  for (const line of lines.slice(0, MAX_PATTERNS_PER_RUN)) {
    const pattern = normalizePattern(line);
    const patternHash = createHash("sha256").update(`${family}\0${pattern}`, "utf8").digest("hex").slice(0, 16);
    upsertPattern(db, { patternHash, patternText: pattern, toolFamily: family, projectHash: error.projectHash, ts: error.ts });
  }
}
