/**
 * Bun's native SHA-256 for the ledger's per-line keys. Same digest as the pure default in
 * src/core/handle.ts (a test holds them equal), without building a node:crypto Hash per line.
 */
import type { Sha256Hex } from "../core/handle.ts";

export const nativeSha256Hex: Sha256Hex = (text) => Bun.SHA256.hash(text, "hex");
