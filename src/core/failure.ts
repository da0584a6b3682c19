/**
 * Does this line state a failure? Used by the fidelity check and the ledger: such lines are
 * never dropped and never folded, because a repeated failure is the signal that it persists.
 */

const FAILURE_SUBSTRINGS = ["error:", "error[", "fatal:", "exception:", "panic:", "build failed", "--- fail"];
const FAILURE_GLYPHS = ["✗", "✘", "❌"];
const PASS_GLYPHS = ["✓", "✔", "✅"];
const VERDICT_WORD = /fail(?:ed)?/g;

/**
 * Every rule above needs one of these words or glyphs. One regex pass over a whole block finds
 * the few lines worth the full check: per-line JavaScript in a cold hook process cost more than
 * the rest of the pipeline on large payloads (profiled on a 1 MB Read).
 */
const FAILURE_WORD = /error|fatal:|exception:|panic:|fail|✗|✘|❌/gi;
/** The same words for one line: the ledger asks about every line it could fold. */
const FAILURE_HINT = new RegExp(FAILURE_WORD.source, "i");

/** The lines of `text` that state a failure, trimmed, in order. */
export function failureLines(text: string): string[] {
  const found: string[] = [];
  let nextLineStart = 0;
  for (const match of text.matchAll(FAILURE_WORD)) {
    if (match.index < nextLineStart) continue; // this line was already judged
    const start = text.lastIndexOf("\n", match.index) + 1;
    const newline = text.indexOf("\n", match.index);
    const end = newline === -1 ? text.length : newline;
    nextLineStart = end + 1;
    const trimmed = text.slice(start, end).trim();
    if (trimmed !== "" && carriesFailure(trimmed)) found.push(trimmed);
  }
  return found;
}

export function carriesFailure(line: string): boolean {
  // Most lines name none of the words; one native test clears them without a lowercase copy.
  if (!FAILURE_HINT.test(line)) return false;
  const lower = line.toLowerCase();
  const start = lower.trimStart();
  if (FAILURE_GLYPHS.some((glyph) => start.startsWith(glyph))) return true;
  if (FAILURE_SUBSTRINGS.some((needle) => lower.includes(needle))) return true;
  if (start.startsWith("error ")) return true;
  if (PASS_GLYPHS.some((glyph) => start.startsWith(glyph))) return false;
  return hasFailureVerdict(lower);
}

/** `failed`/`fail` as a word, not part of an identifier, and not a zero count ("0 failed", "failed: 0"). */
function hasFailureVerdict(lower: string): boolean {
  for (const match of lower.matchAll(VERDICT_WORD)) {
    const at = match.index;
    const end = at + match[0].length;
    if (isIdentChar(lower[at - 1]) || isIdentChar(lower[end])) continue;
    if (precededByZero(lower, at) || followedByZero(lower, end)) continue;
    return true;
  }
  return false;
}

function isIdentChar(ch: string | undefined): boolean {
  return ch !== undefined && /[a-z0-9_]/.test(ch);
}

function precededByZero(lower: string, at: number): boolean {
  const before = lower.slice(0, at).trimEnd();
  return /(?:^|[^0-9])0$/.test(before);
}

function followedByZero(lower: string, end: number): boolean {
  const after = lower.slice(end).replace(/^[\s:=]+/, "");
  return /^0(?:[^0-9.]|$)/.test(after);
}
