/** `omni remember` and `omni_remember`: store a fact in the project (or global) scope. */
import { createHash } from "node:crypto";
import type { Db } from "../store/db.ts";
import { upsertKnowledge } from "../store/knowledge.ts";

export const CATEGORIES = ["decision", "pattern", "gotcha", "fact"] as const;
export type Category = (typeof CATEGORIES)[number];
export const MAX_FACT_CHARS = 2_000;

export interface RememberInput {
  text: string;
  category: Category;
  tags: string[];
  projectHash: string;
  ts: number;
}

/** Returns the stored key. The key is derived from the text, so remembering twice updates one row. */
export function rememberFact(db: Db, input: RememberInput): string {
  const text = input.text.trim();
  const key = `${input.category}:${createHash("sha256").update(text.toLowerCase(), "utf8").digest("hex").slice(0, 12)}`;
  upsertKnowledge(db, { projectHash: input.projectHash, key, value: text, category: input.category, tags: input.tags, ts: input.ts });
  return key;
}

export function parseTags(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
}
