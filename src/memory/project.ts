/** Memory scopes: a project (hash of its key path) or the global scope shared by every project. */
import { createHash } from "node:crypto";
import { projectKey } from "../platform/project.ts";

export const GLOBAL_SCOPE = "global";

export interface ProjectScope {
  /** The repository identity path, as recorded on run rows. */
  path: string | null;
  /** First 16 hex of SHA-256 of the path: the key of knowledge and engram rows. */
  hash: string;
}

export function projectHash(path: string | null): string {
  return path === null ? GLOBAL_SCOPE : createHash("sha256").update(path.replace(/\/+$/, ""), "utf8").digest("hex").slice(0, 16);
}

export function projectScope(cwd: string): ProjectScope {
  const path = projectKey(cwd);
  return { path, hash: projectHash(path) };
}

export function nowSecs(nowMs: number): number {
  return Math.floor(nowMs / 1000);
}
