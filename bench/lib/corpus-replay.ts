/**
 * Replays recorded Claude Code PostToolUse payloads through the BUILT executable, one process per
 * call as a host would run it, and feeds every delivery to the ledger auditor. Shared by the
 * replay test and `bun run bench/ledger-replay.ts`.
 */
import { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { readerScope } from "../../src/core/agent-id.ts";
import { byteLength } from "../../src/core/lines.ts";
import { createLedgerAudit, type AuditCall, type LedgerAudit } from "../../src/ledger/audit.ts";
import { claude } from "../../src/hosts/claude.ts";
import { isRecord } from "../../src/hosts/types.ts";

export interface ReplayOptions {
  exe: string;
  env: Record<string, string>;
  dbPath: string;
  sessionsDir: string;
  /** false: the same payloads without a host session id, so no ledger scope exists. */
  ledger: boolean;
}

export interface SessionResult {
  name: string;
  calls: number;
  bytesIn: number;
  bytesOut: number;
}

export interface ReplayResult {
  sessions: SessionResult[];
  audit: LedgerAudit;
  /** Handles whose `omni retrieve` output differs from the archived block the audit checked. */
  retrieveMismatches: string[];
  handles: number;
}

export function corpusFiles(sessionsDir: string): string[] {
  return readdirSync(sessionsDir)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .map((name) => join(sessionsDir, name));
}

export function replayCorpus(options: ReplayOptions): ReplayResult {
  const archive: { db?: Database } = {};
  const archived = new Map<string, string | null>();
  // Read the archive directly: `omni retrieve` would mark the block owed and change the replay.
  const resolve = (handle: string): string | null => {
    archive.db ??= new Database(options.dbPath, { readonly: true });
    const row = archive.db.query("SELECT content FROM rewind_store WHERE hash = ?1").get(handle) as { content: string } | null;
    archived.set(handle, row?.content ?? null);
    return row?.content ?? null;
  };
  const audit = createLedgerAudit(resolve);
  const sessions: SessionResult[] = [];
  for (const file of corpusFiles(options.sessionsDir)) {
    const session: SessionResult = { name: basename(file, ".jsonl"), calls: 0, bytesIn: 0, bytesOut: 0 };
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const call = replayOne(JSON.parse(line) as Record<string, unknown>, options);
      if (!call) continue;
      audit.observe(call);
      session.calls++;
      session.bytesIn += byteLength(call.input);
      session.bytesOut += byteLength(call.output ?? call.input);
    }
    sessions.push(session);
  }
  archive.db?.close();
  const retrieveMismatches: string[] = [];
  for (const [handle, content] of archived) {
    if (content === null) continue;
    const pulled = Bun.spawnSync([options.exe, "retrieve", handle], { env: options.env, stdout: "pipe", stderr: "pipe" });
    if (pulled.exitCode !== 0 || Buffer.from(pulled.stdout).toString("utf8") !== content) retrieveMismatches.push(handle);
  }
  return { sessions, audit, retrieveMismatches, handles: archived.size };
}

function replayOne(payload: Record<string, unknown>, options: ReplayOptions): AuditCall | null {
  if (!options.ledger) {
    delete payload.session_id;
    delete payload.agent_id;
  }
  const call = claude.normalizePostTool(payload);
  // Calls OMNI leaves to the host (an Edit, a capped Bash) carry nothing it reads or records.
  if (!call || call.text === null) return null;
  const reply = postHook(payload, options);
  const reader = readerScope(call.sessionId, call.subagentId) ?? "(no session)";
  const audited: AuditCall = { reader, project: call.cwd, input: call.text, output: reply === "" ? null : replacedText(call.tool, reply) };
  if (call.tool === "Read" && audited.output !== null) audited.window = { inputStart: startLine(payload.tool_response), outputStart: startLine(updated(reply)) };
  if (audited.output !== null && options.ledger && DISTILLED.test(audited.output) && FOLDED.test(audited.output)) {
    // Distilled and folded: the same call with no session (no ledger) is what the folds must expand to.
    const { session_id: _session, agent_id: _agent, ...plain } = payload;
    const plainReply = postHook(plain, options);
    audited.reference = plainReply === "" ? call.text : replacedText(call.tool, plainReply);
  }
  return audited;
}

const DISTILLED = /omni retrieve [0-9a-f]{16} for full output\]/;
const FOLDED = /(?:already shown|not shown here).*, omni retrieve [0-9a-f]{16}\]/;

function postHook(payload: Record<string, unknown>, options: ReplayOptions): string {
  const child = Bun.spawnSync([options.exe, "--post-hook"], { env: options.env, stdin: Buffer.from(JSON.stringify(payload)), stdout: "pipe", stderr: "pipe" });
  return Buffer.from(child.stdout).toString("utf8").trim();
}

function updated(reply: string): Record<string, unknown> {
  const parsed = JSON.parse(reply) as { hookSpecificOutput: { updatedToolOutput: Record<string, unknown> } };
  return parsed.hookSpecificOutput.updatedToolOutput;
}

function replacedText(tool: string, reply: string): string {
  const out = updated(reply);
  switch (tool) {
    case "Read":
      return (out.file as { content: string }).content;
    case "Grep":
      return out.content as string;
    case "WebFetch":
      return out.result as string;
    default:
      return out.stdout as string;
  }
}

function startLine(response: unknown): number {
  const file = isRecord(response) && isRecord(response.file) ? response.file : {};
  return typeof file.startLine === "number" ? file.startLine : 1;
}
