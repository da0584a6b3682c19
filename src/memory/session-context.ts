/**
 * What a new session should know about the last one: the goal, the active error, recent
 * progress, stored facts, hot files. One gatherer feeds the capped inject block (session
 * start), `omni session --status` and the portable handoff markdown.
 */
import { INJECT_MAX_BYTES, INJECT_MAX_ITEM_BYTES } from "../base/limits.ts";
import type { Db } from "../store/db.ts";
import { recentEngrams } from "../store/engrams.ts";
import { hotFiles, sessionTotals, type Totals } from "../store/runs.ts";
import { listSessions, type SessionRow } from "../store/sessions.ts";
import { listKnowledge } from "../store/knowledge.ts";
import { recentEvents } from "../store/session-events.ts";
import { getGoal } from "./goal.ts";
import { GLOBAL_SCOPE } from "../base/project-hash.ts";
import type { MemoryScope } from "./scope.ts";

const HOT_FILE_WINDOW_SECS = 7 * 86_400;

export interface SessionContext {
  session: SessionRow | null;
  totals: Totals | null;
  goal: string | null;
  activeError: string | null;
  progress: string[];
  facts: string[];
  hotFiles: string[];
  /** Files the project pins for every session (AGENTS.md, CLAUDE.md, …): their names, not contents. */
  pinnedFiles: string[];
}

export function gatherSessionContext(db: Db, scope: MemoryScope, nowSecs: number, pinnedFiles: string[] = []): SessionContext {
  const session = listSessions(db, scope.path, 1)[0] ?? null;
  const lastError = recentEvents(db, scope.hash, "error", 1)[0];
  const lastResolved = recentEvents(db, scope.hash, "resolved", 1)[0];
  const activeError = lastError && (!lastResolved || lastResolved.ts < lastError.ts) ? lastError.content : null;
  return {
    session,
    totals: session ? sessionTotals(db, session.id) : null,
    goal: getGoal(db, scope.hash)?.text ?? null,
    activeError,
    progress: recentEngrams(db, scope.hash, 3).map((engram) => engram.label),
    facts: listKnowledge(db, [scope.hash, GLOBAL_SCOPE], 5).map((row) => `[${row.category}] ${row.value}`),
    hotFiles: hotFiles(db, scope.path, nowSecs - HOT_FILE_WINDOW_SECS, 5).map((row) => row.path),
    pinnedFiles,
  };
}

export interface InjectCaps {
  maxBytes: number;
  maxItemBytes: number;
}

export const INJECT_CAPS: InjectCaps = { maxBytes: INJECT_MAX_BYTES, maxItemBytes: INJECT_MAX_ITEM_BYTES };
export const INJECT_TRUNCATION_NOTE = "\n[truncated, omni session --status]";

/** The session-start block: one line per item, each cut to the item cap, the whole to the total cap. */
export function buildSessionInject(
  db: Db,
  scope: MemoryScope,
  nowSecs: number,
  pinnedFiles: string[] = [],
  caps: InjectCaps = INJECT_CAPS,
): string {
  return renderInject(gatherSessionContext(db, scope, nowSecs, pinnedFiles), caps);
}

export function renderInject(context: SessionContext, caps: InjectCaps): string {
  const items = [
    ...(context.goal ? [`Goal: ${context.goal}`] : []),
    ...(context.activeError ? [`Last active error: ${context.activeError}`] : []),
    ...context.progress.map((label) => `Done: ${label}`),
    ...context.hotFiles.map((path) => `Hot file: ${path}`),
    ...context.facts.map((fact) => `Remembered: ${fact}`),
    ...(context.pinnedFiles.length > 0 ? [`Pinned files: ${context.pinnedFiles.join(", ")}`] : []),
  ];
  if (items.length === 0) return "";
  const lines = ["[omni] project context", ...items.map((item) => `- ${cutBytes(item, caps.maxItemBytes)}`)];
  const noteBytes = Buffer.byteLength(INJECT_TRUNCATION_NOTE, "utf8");
  let out = "";
  for (let i = 0; i < lines.length; i++) {
    const next = out === "" ? lines[i]! : `${out}\n${lines[i]}`;
    // Room for the truncation note is kept until the last line is in.
    const budget = i === lines.length - 1 ? caps.maxBytes : caps.maxBytes - noteBytes;
    if (Buffer.byteLength(next, "utf8") > budget) return out + INJECT_TRUNCATION_NOTE;
    out = next;
  }
  return out;
}

/** Cut to at most `max` UTF-8 bytes on a character boundary, marking the cut with an ellipsis. */
function cutBytes(text: string, max: number): string {
  const single = text.replace(/\s+/g, " ");
  if (Buffer.byteLength(single, "utf8") <= max) return single;
  let out = "";
  for (const ch of single) {
    if (Buffer.byteLength(out + ch, "utf8") + 3 > max) break;
    out += ch;
  }
  return `${out}…`;
}
