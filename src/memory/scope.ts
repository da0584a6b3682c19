/** The memory scope a command reads and writes under (names: src/platform/project-path.ts). */
import { projectHash } from "../base/project-hash.ts";
import { projectPathOf } from "../platform/project-path.ts";

/** A project's memory scope: its path (null outside any directory) and the hash its rows are keyed by. */
export interface MemoryScope {
  /** The project path, as recorded on run rows. */
  path: string | null;
  /** The project hash: the key of knowledge, engram and event rows. */
  hash: string;
}

export function memoryScope(cwd: string): MemoryScope {
  const path = projectPathOf(cwd);
  return { path, hash: projectHash(path) };
}
