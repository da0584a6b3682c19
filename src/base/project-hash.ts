/** The key of a project's rows (knowledge, engrams, agent sessions): pure, so the store and memory share it. */
import { createHash } from "node:crypto";

/** Rows that belong to no project (`remember --global`) use this scope instead of a hash. */
export const GLOBAL_SCOPE = "global";

/** First 16 hex of SHA-256 of the repository identity path; the global scope when there is none. */
export function projectHash(path: string | null): string {
  return path === null ? GLOBAL_SCOPE : createHash("sha256").update(path.replace(/\/+$/, ""), "utf8").digest("hex").slice(0, 16);
}
