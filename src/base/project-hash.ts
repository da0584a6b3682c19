/**
 * The project hash, the key of a project's rows (knowledge, engrams, events, agent sessions): pure,
 * so the store and memory share it (names: src/platform/project-path.ts).
 */
import { createHash } from "node:crypto";

/** Rows that belong to no project (`remember --global`) use this scope instead of a hash. */
export const GLOBAL_SCOPE = "global";

/** First 16 hex of SHA-256 of the project path; the global scope when there is none. */
export function projectHash(path: string | null): string {
  return path === null ? GLOBAL_SCOPE : createHash("sha256").update(path.replace(/\/+$/, ""), "utf8").digest("hex").slice(0, 16);
}
