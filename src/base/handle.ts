/** Content addresses: a handle is the first 16 hex of SHA-256 over exactly the archived bytes. */
import { createHash } from "node:crypto";
import { EXAMPLE_HANDLE, HANDLE_HEX_CHARS } from "./limits.ts";

export function handleFor(content: string): string {
  const hex = createHash("sha256").update(content, "utf8").digest("hex").slice(0, HANDLE_HEX_CHARS);
  // The documentation example is reserved so a marker copied out of docs can never resolve.
  return hex === EXAMPLE_HANDLE ? "0000000000000001" : hex;
}

/**
 * The first 16 lowercase hex of SHA-256 over a string's UTF-8 bytes. Entry points pass the
 * runtime's native one (src/platform/hash.ts): on a 1 MB payload this is one call per line.
 */
export type Sha256Key = (text: string) => string;

/** The pure default, and the reference any injected hash must agree with. */
export const sha256Key: Sha256Key = (text) => createHash("sha256").update(text, "utf8").digest("hex").slice(0, HANDLE_HEX_CHARS);

/** A line's ledger key: the line trimmed at both ends, so keys in existing databases stay valid. */
export function lineKey(line: string, hash: Sha256Key = sha256Key): string {
  return hash(line.trim());
}

const HANDLE_PATTERN = /^[0-9a-f]{16}$/;

/** Accepts `h`, `"h"` and `omni_retrieve("h")`, as agents copy them out of markers. */
export function parseHandle(text: string): string | null {
  const inner = /^\s*(?:omni_retrieve\(\s*)?["']?([0-9a-fA-F]{16})["']?\s*\)?\s*$/.exec(text)?.[1];
  const lower = inner?.toLowerCase();
  return lower && HANDLE_PATTERN.test(lower) ? lower : null;
}
