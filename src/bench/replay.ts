/**
 * Replays a corpus through the same entry the hook runs (`hookReply`), once per arm, each
 * arm with its own temp HOME and database, calls in order so the ledger sees a real session.
 * What each call delivered comes from the run record the pipeline writes, so the figures are
 * the rows `omni stats` would read.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { byteLength } from "../core/lines.ts";
import type { PipelineDeps, RunRecord } from "../core/pipeline.ts";
import { hookReply } from "../hooks/reply.ts";
import { hostForPayload } from "../hosts/index.ts";
import { isRecord } from "../hosts/types.ts";
import { systemClock } from "../platform/clock.ts";
import type { Env } from "../platform/paths.ts";
import { getBlock } from "../store/archive.ts";
import { openDatabase, type Db } from "../store/db.ts";
import { createPipelineStore } from "../store/index.ts";
import { recordedTotals } from "../store/traces.ts";
import { createAuditor, foldsIn, type AuditCounts } from "./audit.ts";
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

export interface CallOutcome {
  bytesIn: number;
  bytesOut: number;
}

export interface FoldTotals {
  markers: number;
  foldedBytes: number;
}

export interface ArmResult {
  arm: Arm;
  /** One per corpus call, same order. */
  outcomes: CallOutcome[];
  /** Null for arms that are not ours (raw, a bare peer): there is nothing of ours to audit. */
  audit: AuditCounts | null;
  findings: string[];
  /** Hook replies that were not valid JSON. */
  invalidReplies: number;
  folds: Record<"session" | "project", FoldTotals>;
  /** Totals from the arm's own run rows (what `omni stats` reads); null for arms without a pipeline. */
  recorded: { rows: number; inputBytes: number; deliveredBytes: number } | null;
  seconds: number;
}

/** A stage appended after the hook's delivery. Only tests use it, to plant a defect and prove the audit catches it. */
export type PlantedStage = (call: CorpusCall, delivered: string, archive: (content: string) => string | null) => string;

export interface ReplayOptions {
  env: Env;
  onProgress?: (done: number, total: number) => void;
  /** Called once per arm, so a planted stage's state never leaks from one arm to the next. */
  plant?: () => PlantedStage;
}

export function replayCorpus(corpus: Corpus, arms: Arm[], options: ReplayOptions): ArmResult[] {
  const total = corpus.calls.length * arms.length;
  let done = 0;
  return arms.map((arm) =>
    replayArm(corpus, arm, options, () => {
      done++;
      if (done % 25 === 0 || done === total) options.onProgress?.(done, total);
    }),
  );
}

function replayArm(corpus: Corpus, arm: Arm, options: ReplayOptions, tick: () => void): ArmResult {
  const started = performance.now();
  const home = mkdtempSync(join(tmpdir(), "omni-bench-"));
  const dbPath = join(home, ".omni", "omni.db");
  const db = arm.pipeline ? openDatabase(dbPath) : null;
  const auditor = createAuditor();
  const plant = options.plant?.();
  const result: ArmResult = { arm, outcomes: [], audit: null, findings: [], invalidReplies: 0, folds: { session: { markers: 0, foldedBytes: 0 }, project: { markers: 0, foldedBytes: 0 } }, recorded: null, seconds: 0 };
  try {
    const hook = db ? hookRunner(db, arm, { PATH: options.env.PATH, HOME: home, OMNI_DB_PATH: dbPath }) : null;
    for (const call of corpus.calls) {
      const input = arm.peer ? runPeer(arm.peer, call.text, call.command, options.env) : call.text;
      let delivered = input;
      if (hook && db) {
        const ran = hook(call, input);
        delivered = ran.delivered;
        if (!ran.validReply) result.invalidReplies++;
        const archive = createPipelineStore(db);
        if (plant) delivered = plant(call, delivered, (content) => archive.archive(content, byteLength(content), systemClock.now()));
        const resolve = (handle: string) => getBlock(db, handle)?.content ?? null;
        auditor.observe(call, delivered, resolve);
        for (const fold of foldsIn(delivered)) {
          result.folds[fold.origin].markers++;
          result.folds[fold.origin].foldedBytes += byteLength(resolve(fold.handle) ?? "");
        }
      }
      result.outcomes.push({ bytesIn: byteLength(call.text), bytesOut: byteLength(delivered) });
      tick();
    }
    if (db) {
      result.recorded = recordedTotals(db);
      result.audit = auditor.counts();
      result.findings = auditor.examples();
    }
  } finally {
    db?.close();
    rmSync(home, { recursive: true, force: true });
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** Runs one call through the hook entry and reports what the reader was delivered. */
function hookRunner(db: Db, arm: Arm, env: Env): (call: CorpusCall, input: string) => { delivered: string; validReply: boolean } {
  const inner = createPipelineStore(db);
  let recorded: RunRecord | null = null;
  const deps: PipelineDeps = {
    // Spread, so the ledger capability of the store reaches the pipeline too.
    store: { ...inner, record: (run) => ((recorded = run), inner.record(run)) },
    clock: systemClock,
    stages: { filters: arm.filters, ledger: arm.ledger },
  };
  return (call, input) => {
    recorded = null;
    const payload = input === call.text ? call.payload : withText(call.payload, input);
    const reply = hookReply(Buffer.from(JSON.stringify(payload)), { env: { ...env, OMNI_AGENT_ID: call.agentId }, db, deps, exe: "omni", afterReply: [] }, "PostToolUse");
    // A reply the host would drop without a word is as bad as a crash: check its shape.
    const validReply = reply === null || reply === undefined || isPostToolReply(reply);
    const run = recorded as RunRecord | null;
    return { delivered: run ? run.delivered : input, validReply };
  };
}

function isPostToolReply(reply: unknown): boolean {
  const output = isRecord(reply) && isRecord(reply.hookSpecificOutput) ? reply.hookSpecificOutput : null;
  return output !== null && output.hookEventName === "PostToolUse" && isRecord(output.updatedToolOutput);
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
