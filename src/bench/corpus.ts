/**
 * The replay corpus: host payloads, in order, from JSONL files (one PostToolUse payload a line),
 * folders of them, fixture folders (`<case>.txt` + `<case>.meta.json`, which bring a must-keep
 * list), or the user's own `execution_traces`. Only calls the host adapter hands to the pipeline
 * are replayed; every other call is counted under the reason it was left out.
 */
import { HOST_OUTPUT_CAP_CHARS } from "../base/limits.ts";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { readerScope } from "../base/agent-id.ts";
import { hostForPayload } from "../hosts/index.ts";
import { isRecord } from "../hosts/types.ts";
import { projectPathOf } from "../platform/project-path.ts";
import { openDatabase } from "../store/db.ts";
import { loadStatsReport } from "../stats/load.ts";
import { spanWindow } from "../stats/window.ts";
import { runSpan } from "../store/stats.ts";
import { countTerminalTraces, listTraces } from "../store/traces.ts";
import { statsFigures, type StatsFigures } from "./aggregate.ts";

export interface CorpusCall {
  /** The payload exactly as the hook would read it on stdin. */
  payload: Record<string, unknown>;
  /** file:line (or db:id) the call came from. */
  origin: string;
  sessionId: string | null;
  /** Ledger reader scope (`session/agent` for a subagent) and project path, as the hook derives them. */
  scope: string | null;
  project: string | null;
  agentId: string;
  tsSec: number | null;
  tool: string;
  command: string;
  /** The text the host adapter hands the pipeline. */
  text: string;
  failed: boolean;
  /** Substrings any honest delivery keeps, when a fixture gives them. */
  mustKeep: string[];
  /** The host cut it at its own cap and omni declined it: recorded as a row, never edited, by any arm. */
  declined?: boolean;
}

export interface Corpus {
  calls: CorpusCall[];
  /** Left out, by reason ("tool Edit not handled", "host output cap", "terminal rows", …). */
  excluded: Record<string, number>;
  /** Which population was measured: the sources, and for --from-db whether terminal rows are in. */
  population: string;
  /** With --from-db: what `omni stats` reports for every row of that database, to set beside the replay. */
  source: StatsFigures | null;
}

interface FixtureMeta {
  command: string;
  exit_code?: number | null;
  must_keep?: string[];
  /** The host tool that produced it (Read, Grep); Bash when absent. */
  tool?: string;
}

export function loadSources(paths: string[]): Corpus {
  const corpus: Corpus = { calls: [], excluded: {}, population: paths.join(", "), source: null };
  for (const path of paths) {
    if (!existsSync(path)) throw new Error(`no such file or folder: ${path}`);
    if (statSync(path).isDirectory()) loadFolder(corpus, path);
    else loadJsonl(corpus, path);
  }
  return corpus;
}

function loadFolder(corpus: Corpus, dir: string): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) loadFolder(corpus, path);
    else if (name.endsWith(".jsonl")) loadJsonl(corpus, path);
    else if (name.endsWith(".txt") && existsSync(path.replace(/\.txt$/, ".meta.json"))) loadFixture(corpus, path);
  }
}

function loadJsonl(corpus: Corpus, path: string): void {
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      let payload: unknown;
      try {
        payload = JSON.parse(line);
      } catch {
        exclude(corpus, "not JSON");
        return;
      }
      if (!isRecord(payload)) return exclude(corpus, "not a JSON object");
      const mustKeep = Array.isArray(payload.must_keep) ? payload.must_keep.filter((s): s is string => typeof s === "string") : [];
      addPayload(corpus, payload, `${path}:${index + 1}`, null, mustKeep);
    });
}

/** A captured output becomes the payload its tool would have sent (Bash unless the meta names Read or Grep), one session each. */
function loadFixture(corpus: Corpus, path: string): void {
  const meta = JSON.parse(readFileSync(path.replace(/\.txt$/, ".meta.json"), "utf8")) as FixtureMeta;
  const raw = readFileSync(path, "utf8");
  const payload = payloadOf({
    tool: meta.tool ?? "Bash",
    command: meta.command,
    raw,
    exitCode: meta.exit_code ?? 0,
    sessionId: `fixture:${path}`,
    cwd: ".",
  });
  // As the host does with a Bash output at its cap: the payload carries the first 30,000
  // characters and names the file holding the whole output (the fixture itself is that file).
  const response = payload.tool_response as Record<string, unknown>;
  if ((meta.tool ?? "Bash") === "Bash" && !raw.includes(STDERR_SEPARATOR) && raw.length >= HOST_OUTPUT_CAP_CHARS) {
    payload.tool_response = {
      ...response,
      stdout: raw.slice(0, HOST_OUTPUT_CAP_CHARS),
      persistedOutputPath: path,
      persistedOutputSize: Buffer.byteLength(raw),
    };
  }
  addPayload(corpus, payload, path, null, meta.must_keep ?? []);
}

/**
 * The user's own traces, model-facing rows only unless `includeTerminal`: the population
 * `omni stats` counts, whose report over every row of the database comes along as `source`.
 */
export function loadFromDb(dbPath: string, includeTerminal: boolean): Corpus {
  if (!existsSync(dbPath)) throw new Error(`no database at ${dbPath}`);
  const db = openDatabase(dbPath, { readonly: true });
  try {
    const terminal = countTerminalTraces(db);
    const span = runSpan(db);
    const corpus: Corpus = {
      calls: [],
      excluded: includeTerminal || terminal === 0 ? {} : { "terminal rows (no model read them; --all includes them)": terminal },
      population: `${dbPath} execution_traces, ${includeTerminal ? "all rows including terminal (omni stats excludes terminal rows)" : "model-facing rows only (terminal excluded, as omni stats counts)"}`,
      source: span ? statsFigures(loadStatsReport(db, spanWindow(span.firstTs, span.lastTs, "every recorded row"))) : null,
    };
    for (const trace of listTraces(db, includeTerminal)) {
      const payload = payloadOf({
        tool: trace.tool ?? "Bash",
        command: trace.command ?? "",
        raw: trace.raw,
        exitCode: trace.exitCode,
        sessionId: trace.sessionId,
        cwd: trace.projectPath,
      });
      addPayload(corpus, payload, `db:${trace.id}`, trace.ts, [], trace.agentId);
    }
    return corpus;
  } finally {
    db.close();
  }
}

const STDERR_SEPARATOR = "\n[stderr]\n";

interface CapturedOutput {
  tool: string;
  command: string;
  raw: string;
  exitCode: number | null;
  sessionId: string | null;
  cwd: string | null;
}

/** A captured output as the payload its tool would have produced. Pipe and exec rows read as Bash. */
function payloadOf(output: CapturedOutput): Record<string, unknown> {
  const { tool, command, raw } = output;
  const base = { session_id: output.sessionId ?? undefined, hook_event_name: "PostToolUse", cwd: output.cwd ?? undefined, tool_name: tool };
  switch (tool) {
    case "Read":
      return { ...base, tool_input: { file_path: command }, tool_response: { type: "text", file: { filePath: command, content: raw } } };
    case "Grep":
      return { ...base, tool_input: { pattern: command }, tool_response: { mode: "content", content: raw } };
    case "WebFetch":
      return { ...base, tool_input: { url: command }, tool_response: { result: raw } };
    default: {
      // The adapter stored `stdout\n[stderr]\nstderr`: split it back, so the host cap sees stdout alone, as it did.
      const at = raw.indexOf(STDERR_SEPARATOR);
      const [stdout, stderr] = at < 0 ? [raw, ""] : [raw.slice(0, at), raw.slice(at + STDERR_SEPARATOR.length)];
      return {
        ...base,
        tool_input: { command },
        tool_response: { stdout, stderr, interrupted: false, isImage: false },
        exit_code: output.exitCode ?? undefined,
      };
    }
  }
}

function addPayload(
  corpus: Corpus,
  payload: Record<string, unknown>,
  origin: string,
  tsSec: number | null,
  mustKeep: string[],
  agentId?: string,
): void {
  const host = hostForPayload(payload);
  const call = host.normalizePostTool(payload);
  if (!call || (call.text === null && call.declinedText === undefined)) return exclude(corpus, call?.skipReason ?? "not a tool call");
  corpus.calls.push({
    payload,
    origin,
    sessionId: call.sessionId,
    scope: readerScope(call.sessionId, call.subagentId),
    project: projectPathOf(call.cwd),
    agentId: agentId ?? host.agentId,
    tsSec,
    tool: call.tool,
    command: call.command,
    text: call.text ?? call.declinedText!,
    failed: call.failed,
    mustKeep,
    ...(call.text === null ? { declined: true } : {}),
  });
}

function exclude(corpus: Corpus, reason: string): void {
  corpus.excluded[reason] = (corpus.excluded[reason] ?? 0) + 1;
}
