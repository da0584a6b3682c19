/**
 * Free text → an FTS5 MATCH expression. Every word becomes a quoted term joined by OR, so
 * punctuation in a query can never be read as FTS syntax and BM25 ranks partial matches.
 */
export function ftsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const unique = [...new Set(words.filter((word) => word.length > 1))].slice(0, 32);
  return unique.length === 0 ? null : unique.map((word) => `"${word}"`).join(" OR ");
}
