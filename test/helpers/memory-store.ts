/** An in-memory PipelineStore for pure pipeline tests: same contract, no SQLite. */
import { handleFor } from "../../src/base/handle.ts";
import type { PipelineStore, RunRecord } from "../../src/core/pipeline-types.ts";

export interface MemoryStore extends PipelineStore {
  blocks: Map<string, string>;
  runs: RunRecord[];
  /** When set, every archive write fails (a full disk, a locked database). */
  failArchive: boolean;
}

export function memoryStore(): MemoryStore {
  const store: MemoryStore = {
    blocks: new Map(),
    runs: [],
    failArchive: false,
    archive(content) {
      if (store.failArchive) return null;
      const handle = handleFor(content);
      store.blocks.set(handle, content);
      return handle;
    },
    record(run) {
      store.runs.push(run);
    },
  };
  return store;
}

export const fixedClock = { now: () => 1_780_000_000_000 };
