/** Memory scopes: a project (hash of its key path) or the global scope shared by every project. */
import { projectHash } from "../base/project-hash.ts";
import { projectKey } from "../platform/project.ts";

export interface ProjectScope {
  /** The repository identity path, as recorded on run rows. */
  path: string | null;
  /** First 16 hex of SHA-256 of the path: the key of knowledge and engram rows. */
  hash: string;
}

export function projectScope(cwd: string): ProjectScope {
  const path = projectKey(cwd);
  return { path, hash: projectHash(path) };
}

export function nowSecs(nowMs: number): number {
  return Math.floor(nowMs / 1000);
}
