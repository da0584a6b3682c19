/**
 * Replays a corpus through the same entry the hook runs (`hookReply`), once per arm, each
 * arm with its own temp HOME and database, calls in order so the ledger sees a real session.
 * An arm's figures are its own run rows, read back the way `omni stats` reads them; every
 * delivery of ours is judged by the ledger's auditor, the one auditor.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { byteLength } from "../base/lines.ts";
import type { PipelineDeps, RunRecord } from "../core/pipeline-types.ts";
import { hookReply } from "../hooks/reply.ts";
import { hostForPayload } from "../hosts/index.ts";
import { isRecord } from "../hosts/types.ts";
import { createLedgerAudit, type AuditCall, type AuditTotals, type Rule } from "./audit.ts";
import { systemClock } from "../platform/clock.ts";
import { nativeSha256Key } from "../platform/hash.ts";
import type { Env } from "../platform/paths.ts";
import type { RunRow, StatsRows } from "../store/rows.ts";
import { getBlock } from "../store/archive.ts";
import { openDatabase, type Db } from "../store/db.ts";
import { createPipelineStore } from "../store/index.ts";
import { fetchStatsRows } from "../store/stats.ts";
import { createCeilingMeter, type CeilingRow } from "./ceiling.ts";
import type { Corpus, CorpusCall } from "./corpus.ts";
import { runPeer, type Peer } from "./peers.ts";

export interface Arm {
  id: string;
  /** Run our pipeline at all (false for `raw` and for a bare peer). */
  pipeline: boolean;
  filters: boolean;
  ledger: boolean;
  peer: Peer | null;
}

export function armsFor(peers: Peer[]): Arm[] {
  return [
    { id: "raw", pipeline: false, filters: false, ledger: false, peer: null },
    { id: "filters", pipeline: true, filters: true, ledger: false, peer: null },
    { id: "filters+ledger", pipeline: true, filters: true, ledger: true, peer: null },
    ...peers.flatMap((peer) => [
      { id: peer.id, pipeline: false, filters: false, ledger: false, peer },
      { id: `${peer.id}+ledger`, pipeline: true, filters: false, ledger: true, peer },
    ]),
  ];
}

export interface ArmAudit {
  counts: Record<Rule, number>;
  totals: AuditTotals;
  /** The first few findings, each naming the call, for the report. */
  findings: string[];
}

export interface ArmResult {
  arm: Arm;
  /**
   * The rows `omni stats` aggregates: what the arm's pipeline recorded, or, for an arm that ran
   * none of ours (raw, a bare peer), one row per call built from what it delivered.
   */
  rows: StatsRows;
  recorded: boolean;
  /** What readers were handed, measured from the hook replies themselves: the rows must agree. */
  delivered: { calls: number; inputBytes: number; deliveredBytes: number };
  /** Null for arms that are not ours (raw, a bare peer): there is nothing of ours to audit. */
  audit: ArmAudit | null;
  /** Hook replies that were not valid JSON. */
  invalidReplies: number;
  seconds: number;
  /** The repetition ceiling per class and what this arm folded of it; null for arms not ours. */
  ceiling: CeilingRow[] | null;
}

/** A stage appended after the hook's delivery. Only tests use it, to plant a defect and prove the audit catches it. */
export type PlantedStage = (call: CorpusCall, delivered: string, archive: (content: string) => string | null) => string;

export interface ReplayOptions {
  env: Env;
  onProgress?: (done: number, total: number) => void;
  /** Called once per arm, so a planted stage's state never leaks from one arm to the next. */
  plant?: () => PlantedStage;
}

const MAX_FINDINGS = 10;

export function replayCorpus(corpus: Corpus, arms: Arm[], options: ReplayOptions): ArmResult[] {
  const total = corpus.calls.length * arms.length;
  let done = 0;
  const deliveries = new Map<Arm, string[]>();
  return arms.map((arm) => {
    // A ledger arm's folds must expand back to what the same arm without the ledger delivered.
    const plain = arms.find((other) => other !== arm && other.peer === arm.peer && other.filters === arm.filters && !other.ledger);
    const { result, delivered } = replayArm(corpus, arm, arm.ledger && plain ? deliveries.get(plain) : undefined, options, () => {
      done++;
      if (done % 25 === 0 || done === total) options.onProgress?.(done, total);
    });
    deliveries.set(arm, delivered);
    return result;
  });
}

function replayArm(
  corpus: Corpus,
  arm: Arm,
  references: string[] | undefined,
  options: ReplayOptions,
  tick: () => void,
): { result: ArmResult; delivered: string[] } {
  const started = performance.now();
  const home = mkdtempSync(join(tmpdir(), "omni-bench-"));
  const dbPath = join(home, ".omni", "omni.db");
  const db = arm.pipeline ? openDatabase(dbPath) : null;
  const deliveries: string[] = [];
  let invalidReplies = 0;
  try {
    const hook = db ? hookRunner(db, arm, { PATH: options.env.PATH, HOME: home, OMNI_DB_PATH: dbPath }) : null;
    const audit = db ? createLedgerAudit((handle) => getBlock(db, handle)?.content ?? null) : null;
    const store = db ? createPipelineStore(db) : null;
    const plant = db ? options.plant?.() : undefined;
    const ceiling = db ? createCeilingMeter((handle) => getBlock(db, handle)?.content ?? null) : null;
    corpus.calls.forEach((call, i) => {
      // A call the host cut itself reaches no filter: every arm delivers the host's own cut.
      const input = arm.peer && !call.declined ? runPeer(arm.peer, call.text, call.command, options.env) : call.text;
      const ran = hook ? hook(call, input) : { delivered: input, validReply: true, startLine: null };
      if (!ran.validReply) invalidReplies++;
      deliveries.push(ran.delivered);
      if (audit && store) {
        const final = plant
          ? plant(call, ran.delivered, (content) => store.archive(content, byteLength(content), systemClock.now()))
          : ran.delivered;
        // A planted stage does not renumber what the host shows, so only the hook's own reply carries a window.
        audit.observe(auditCall(call, input, final, references?.[i], final === ran.delivered ? ran.startLine : null));
        ceiling?.observe(call, final);
      }
      tick();
    });
    const rows = db ? recordedRows(db, corpus, arm) : { runs: builtRows(corpus, deliveries), retrievals: [], sessionCloses: [] };
    const result: ArmResult = {
      arm,
      rows,
      recorded: db !== null,
      delivered: {
        calls: corpus.calls.length,
        inputBytes: sumBytes(corpus.calls.map((call) => call.text)),
        deliveredBytes: sumBytes(deliveries),
      },
      audit: audit && {
        counts: audit.counts(),
        totals: audit.totals,
        findings: audit.violations
          .slice(0, MAX_FINDINGS)
          .map((v) => `${corpus.calls[v.call]!.origin}: ${v.rule}: ${v.detail.replaceAll("\n", "\\n")}`),
      },
      invalidReplies,
      seconds: (performance.now() - started) / 1000,
      ceiling: ceiling?.rows() ?? null,
    };
    return { result, delivered: deliveries };
  } finally {
    db?.close();
    rmSync(home, { recursive: true, force: true });
  }
}

function auditCall(
  call: CorpusCall,
  input: string,
  delivered: string,
  reference: string | undefined,
  outputStart: number | null,
): AuditCall {
  const output = delivered === input ? null : delivered;
  const audited: AuditCall = {
    reader: call.scope ?? "(no session)",
    project: call.project,
    input,
    output,
    mustKeep: call.mustKeep,
    ...(call.tool === "Read" ? { file: call.command } : {}),
  };
  if (output === null) return audited;
  if (outputStart !== null) audited.window = { inputStart: startLineOf(call.payload.tool_response), outputStart };
  if (reference !== undefined) audited.reference = reference;
  return audited;
}

/** The arm's own rows, as `omni stats` reads them. A peer's rows start from the raw bytes, not the peer's output. */
function recordedRows(db: Db, corpus: Corpus, arm: Arm): StatsRows {
  const rows = fetchStatsRows(db, 0, Number.MAX_SAFE_INTEGER);
  if (!arm.peer) return rows;
  if (rows.runs.length !== corpus.calls.length)
    throw new Error(`arm ${arm.id} recorded ${rows.runs.length} rows for ${corpus.calls.length} calls`);
  return { ...rows, runs: rows.runs.map((row, i) => ({ ...row, inputBytes: byteLength(corpus.calls[i]!.text) })) };
}

/** One row per call for an arm with no pipeline of ours, shaped as the hook would have recorded it. */
function builtRows(corpus: Corpus, deliveries: string[]): RunRow[] {
  const ts = Math.floor(systemClock.now() / 1000);
  return corpus.calls.map((call, i) => ({
    id: i + 1,
    ts,
    sessionId: call.sessionId,
    agentId: call.agentId,
    entry: "hook",
    tool: call.tool,
    command: call.command,
    label: call.tool,
    distiller: null,
    route: deliveries[i] === call.text ? "passthrough" : "peer",
    reason: null,
    inputBytes: byteLength(call.text),
    outputBytes: byteLength(deliveries[i]!),
    deliveredBytes: byteLength(deliveries[i]!),
    latencyMs: 0,
    handle: null,
    projectPath: call.project,
    exitCode: null,
    footer: "none",
  }));
}

function sumBytes(texts: string[]): number {
  return texts.reduce((sum, text) => sum + byteLength(text), 0);
}

/** Runs one call through the hook entry and reports what the reader was delivered. */
function hookRunner(
  db: Db,
  arm: Arm,
  env: Env,
): (call: CorpusCall, input: string) => { delivered: string; validReply: boolean; startLine: number | null } {
  const inner = createPipelineStore(db);
  let recorded: RunRecord | null = null;
  const deps: PipelineDeps = {
    // Spread, so the ledger capability of the store reaches the pipeline too.
    store: { ...inner, record: (run) => ((recorded = run), inner.record(run)) },
    clock: systemClock,
    // The hook's own hash, so the replay keys lines exactly as the hook does.
    sha256Key: nativeSha256Key,
    stages: { filters: arm.filters, ledger: arm.ledger },
  };
  return (call, input) => {
    recorded = null;
    const payload = input === call.text ? call.payload : withText(call.payload, input);
    const reply = hookReply(
      Buffer.from(JSON.stringify(payload)),
      { env: { ...env, OMNI_AGENT_ID: call.agentId }, db, deps, exe: "omni", afterReply: [] },
      "PostToolUse",
    );
    // A reply the host would drop without a word is as bad as a crash: check its shape.
    const validReply = reply === null || reply === undefined || isPostToolReply(reply);
    const output = isRecord(reply) && isRecord(reply.hookSpecificOutput) ? reply.hookSpecificOutput.updatedToolOutput : undefined;
    const startLine = reply && call.tool === "Read" ? startLineOf(output) : null;
    const run = recorded as RunRecord | null;
    return { delivered: run ? run.delivered : input, validReply, startLine };
  };
}

function isPostToolReply(reply: unknown): boolean {
  const output = isRecord(reply) && isRecord(reply.hookSpecificOutput) ? reply.hookSpecificOutput : null;
  // A notice alone (additionalContext) is valid too: it leaves the tool's output as it was.
  return (
    output !== null &&
    output.hookEventName === "PostToolUse" &&
    (isRecord(output.updatedToolOutput) || (output.updatedToolOutput === undefined && typeof output.additionalContext === "string"))
  );
}

/** The first line number the host shows for a Read response (1 unless it says otherwise). */
function startLineOf(response: unknown): number {
  const file = isRecord(response) && isRecord(response.file) ? response.file : {};
  return typeof file.startLine === "number" ? file.startLine : 1;
}

/** The payload its tool would have sent had the output been `text` (a peer's filtered form). */
function withText(payload: Record<string, unknown>, text: string): Record<string, unknown> {
  const host = hostForPayload(payload);
  const call = host.normalizePostTool(payload);
  if (!call) return payload;
  const rendered = host.renderPostTool(payload, call, text);
  const updated = isRecord(rendered) && isRecord(rendered.hookSpecificOutput) ? rendered.hookSpecificOutput.updatedToolOutput : undefined;
  return isRecord(updated) ? { ...payload, tool_response: updated } : payload;
}
