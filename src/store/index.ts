/**
 * The store as the pipeline sees it: archive a block, record a run. Any SQLite error inside
 * surfaces as "not archived" / "not recorded", never as a crash of the caller.
 */
import { handleFor } from "../base/handle.ts";
import { MAX_ARCHIVE_BYTES } from "../base/limits.ts";
import type { PipelineStore, RunRecord } from "../core/pipeline-types.ts";
import { byteLength } from "../base/lines.ts";
import { putBlock } from "./archive.ts";
import { openDatabase, type Db, type OpenOptions } from "./db.ts";
import { createLedgerStore } from "./ledger.ts";
import { recordRun } from "./runs.ts";

export function createPipelineStore(db: Db): PipelineStore {
  return {
    archive(content, wholeBytes, nowMs) {
      if (byteLength(content) > MAX_ARCHIVE_BYTES) return null;
      const hash = handleFor(content);
      try {
        putBlock(db, hash, content, Math.max(wholeBytes, byteLength(content)), Math.floor(nowMs / 1000));
        return hash;
      } catch {
        return null;
      }
    },
    record(run: RunRecord) {
      recordRun(db, { ...run, ts: Math.floor(run.tsMs / 1000) });
    },
    ledger: createLedgerStore(db),
  };
}

/** Open the database or return null: a store that cannot open degrades the run to passthrough. */
export function tryOpenDatabase(path: string, options?: OpenOptions, log?: (message: string) => void): Db | null {
  try {
    return openDatabase(path, options);
  } catch (error) {
    log?.(`database ${path} did not open: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
