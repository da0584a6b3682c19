/**
 * Bun's native SHA-256 for the ledger's per-line keys. Same keys as the pure default in
 * src/base/handle.ts (a test holds them equal), without a node:crypto Hash object per line and
 * without the full 64-hex digest string each key used to be cut from.
 */
import type { Sha256Key } from "../base/handle.ts";
import { HANDLE_HEX_CHARS } from "../base/limits.ts";

/** Reused for every line: the digest is read out as hex before the next call overwrites it. */
const digest = Buffer.alloc(32);

export const nativeSha256Key: Sha256Key = (text) => {
  Bun.SHA256.hash(text, digest);
  return digest.toString("hex", 0, HANDLE_HEX_CHARS / 2);
};
