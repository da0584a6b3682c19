/**
 * SessionStart (and SubagentStart): inject what the last session of this project left behind:
 * hot files, the last active error, the pinned files. Capped like `omni session --inject`
 * (1000 bytes, 120 per item), because this text is paid for on every request of the session.
 */
import { INJECT_MAX_BYTES, INJECT_MAX_ITEM_BYTES } from "../core/limits.ts";
import { byteLength } from "../core/lines.ts";
import { stringField } from "../hosts/types.ts";
import { fileExists } from "../platform/files.ts";
import { projectKey } from "../platform/project.ts";
import { latestProjectState, type SessionState } from "../store/session-state.ts";
import { join } from "node:path";
import type { HookContext, HookReply } from "./context.ts";

/** Files a project pins for every session; their names are injected, not their contents. */
export const PINNED_FILES = ["AGENTS.md", "CLAUDE.md", ".cursorrules", ".omni/CONTEXT.md"];
const TRUNCATION_NOTE = "\n[truncated, omni session --status]";
const MAX_HOT_FILES = 5;

export function sessionStart(context: HookContext): HookReply {
  const cwd = stringField(context.payload, "cwd");
  const project = projectKey(cwd);
  const previous = context.db && project ? latestProjectState(context.db, project, stringField(context.payload, "session_id", "sessionId")) : null;
  const text = injectionText(previous, cwd ? PINNED_FILES.filter((name) => fileExists(join(cwd, name))) : []);
  if (text === null) return null;
  return { hookSpecificOutput: { hookEventName: context.event, additionalContext: text } };
}

/** The injected block, or null when there is nothing worth a line. */
export function injectionText(previous: SessionState | null, pinned: string[]): string | null {
  const items: string[] = [];
  const hot = Object.entries(previous?.fileAccess ?? {})
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_HOT_FILES);
  if (hot.length > 0) items.push(`hot files: ${hot.map(([file, count]) => `${file} (${count})`).join(", ")}`);
  const lastError = previous?.activeErrors?.at(-1);
  if (lastError) items.push(`last active error: ${lastError.line}${lastError.command ? ` (from ${lastError.command})` : ""}`);
  if (pinned.length > 0) items.push(`pinned files: ${pinned.join(", ")}`);
  if (items.length === 0) return null;
  return capBlock(["[omni] project context", ...items.map(capItem)]);
}

function capItem(item: string): string {
  if (byteLength(item) <= INJECT_MAX_ITEM_BYTES) return item;
  let cut = item.slice(0, INJECT_MAX_ITEM_BYTES - 1);
  while (byteLength(cut) > INJECT_MAX_ITEM_BYTES - 3) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function capBlock(lines: string[]): string {
  const kept: string[] = [];
  for (const line of lines) {
    const next = [...kept, line].join("\n");
    if (byteLength(next) + byteLength(TRUNCATION_NOTE) > INJECT_MAX_BYTES) return kept.join("\n") + TRUNCATION_NOTE;
    kept.push(line);
  }
  return kept.join("\n");
}
