/**
 * A real store on a temp database, and a pipeline call shaped like a hook delivery. The default
 * command is one no distiller touches (`git cat-file -p` prints verbatim), so what is tested is the ledger.
 */
import { runPipeline } from "../../src/core/pipeline.ts";
import type { PipelineDeps, PipelineRequest, PipelineResult, PipelineStore } from "../../src/core/pipeline-types.ts";
import { getBlock } from "../../src/store/archive.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { createPipelineStore } from "../../src/store/index.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

export const PROJECT = "/repo/commander.js";
export const NOW_MS = Date.UTC(2026, 10, 1);

export interface LedgerRig {
  sandbox: Sandbox;
  db: Db;
  store: PipelineStore;
  /** `deps` overrides what the pipeline is handed (a log to read, a stage switched off). */
  deliver(text: string, request?: Partial<PipelineRequest>, deps?: Partial<PipelineDeps>): PipelineResult;
  close(): void;
}

export function ledgerRig(wrap: (store: PipelineStore) => PipelineStore = (store) => store): LedgerRig {
  const sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  const store = wrap(createPipelineStore(db));
  let tick = 0;
  return {
    sandbox,
    db,
    store,
    deliver: (text, request = {}, deps = {}) =>
      runPipeline(
        {
          text,
          command: "git cat-file -p HEAD:lib/argument.js",
          entry: "hook",
          tool: "Bash",
          failed: false,
          exitCode: 0,
          agentId: "claude_code",
          sessionId: "s1",
          projectPath: PROJECT,
          ...request,
        },
        { store, clock: { now: () => NOW_MS + tick++ }, ...deps },
      ),
    close() {
      // Idempotent: a test may close early and afterEach closes again.
      db.close(false);
      sandbox.cleanup();
    },
  };
}

/** Put back every fold marker's archived bytes: a faithful fold expands to exactly its input. */
export function expandFolds(db: Db, text: string): string {
  return text.replace(
    /^\[OMNI: [^\n]*(?:already shown|not shown here)[^\n]*, omni retrieve ([0-9a-f]{16})\](?:\r?\n)?/gm,
    (_marker, handle: string) => getBlock(db, handle)!.content,
  );
}

export function handlesIn(text: string): string[] {
  return [...text.matchAll(/omni retrieve ([0-9a-f]{16})/g)].map((m) => m[1]!);
}
