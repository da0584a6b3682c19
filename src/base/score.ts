/**
 * Line tiers. Every line gets one before any distiller sees the block, so a distiller can ask
 * "is this line the verdict?" without re-deriving it. Pure function of the text.
 */
import { splitLines } from "./lines.ts";

export type Tier = "critical" | "important" | "context" | "noise";

export interface ScoredLine {
  text: string;
  tier: Tier;
  score: number;
}

const CRITICAL = [
  "error[",
  "ERROR:",
  "Error:",
  ": error:",
  "error TS",
  "FAILED",
  "FAIL:",
  "FAIL\t",
  "panic:",
  "Traceback (most recent",
  "exception:",
  "fatal:",
  "FATAL:",
  "✗",
  "× ",
];
const NOISE = [
  "Compiling ",
  "Downloading ",
  "Fetching ",
  "Checking ",
  "Blocking waiting for ",
  "Locking ",
  "Downloaded ",
  "Unpacking ",
  "Installing ",
  "npm warn ",
  "[DEBUG]",
  "[TRACE]",
  "DEBUG:",
  "TRACE:",
  "Refreshing state",
];
const NOISE_PREFIXES = ["DEBUG ", "TRACE "];
const IMPORTANT = [
  "warning[",
  "WARNING:",
  "Warning:",
  "WARN:",
  "modified:",
  "deleted:",
  "new file:",
  "renamed:",
  "diff --git",
  "@@ -",
  "--- a/",
  "+++ b/",
  "test result:",
  "Tests:",
  "PASSED",
  "passed",
  "✓",
  "...ok",
  "ok (",
  "syntax ok",
  "all ok",
  "Successfully built",
  "Finished",
];

const BASE_SCORE: Record<Tier, number> = { critical: 0.9, important: 0.7, context: 0.4, noise: 0.05 };
/** Lines right after a critical line explain it: they are promoted. */
const CRITICAL_SHADOW_LINES = 5;

/** The lists as one regex each: a native regex pass is far cheaper than per-line loops in a cold hook process. */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CRITICAL_PATTERN = new RegExp(CRITICAL.map(escape).join("|"));
const NOISE_PATTERN = new RegExp(`${NOISE.map(escape).join("|")}|^(?:${NOISE_PREFIXES.map(escape).join("|")})`);
const IMPORTANT_PATTERN = new RegExp(`^ok$|${IMPORTANT.map(escape).join("|")}`);

/**
 * A progress-shaped line that ends in its result (`Checking for size_t... Yes.`) is an answer:
 * no collapse or noise cut may take it, whatever word it starts with.
 */
export function reportsResult(line: string): boolean {
  return /\.\.\.\s*\S/.test(line);
}

export function classifyLine(line: string): Tier {
  const t = line.trim();
  if (CRITICAL_PATTERN.test(t)) return "critical";
  if (NOISE_PATTERN.test(t)) return "noise";
  if (IMPORTANT_PATTERN.test(t)) return "important";
  return "context";
}

export interface ScoreContext {
  /** Words of the pinned goal; a line mentioning one gets a small boost. */
  goalTerms?: string[];
}

export function scoreLines(text: string, context: ScoreContext = {}): ScoredLine[] {
  const lines = splitLines(text);
  const scored: ScoredLine[] = [];
  let shadow = 0;
  for (const line of lines) {
    let tier = classifyLine(line);
    if (tier === "critical") shadow = CRITICAL_SHADOW_LINES;
    else if (shadow > 0) {
      shadow--;
      if (tier === "context" || tier === "noise") tier = "important";
    }
    scored.push({ text: line, tier, score: Math.min(1, BASE_SCORE[tier] + goalBoost(line, context.goalTerms)) });
  }
  return scored;
}

function goalBoost(line: string, terms: string[] | undefined): number {
  if (!terms || terms.length === 0) return 0;
  const lower = line.toLowerCase();
  return terms.some((term) => lower.includes(term)) ? 0.1 : 0;
}
