/**
 * The fallback for output no specific distiller claims: keep every critical and important
 * line, then context lines up to a budget, drop noise, and say where lines were left out.
 */
import { defineDistiller } from "./types.ts";

/** Lines kept at most; beyond it the rest are archived behind the rewind marker. */
const MAX_KEPT_LINES = 100;
/** When nothing scored above noise, the head is the most honest thing to show. */
const HEAD_WHEN_NOTHING_SELECTED = 20;

export default defineDistiller({
  id: "generic",
  describe: "Any other output: keeps errors, warnings and verdicts, then context up to 100 lines; drops progress noise.",
  distill({ segments }) {
    if (segments.length === 0) return null;
    const keep = new Set<number>();
    segments.forEach((line, i) => {
      if (line.tier === "critical" || line.tier === "important") keep.add(i);
    });
    for (let i = 0; i < segments.length && keep.size < MAX_KEPT_LINES; i++) {
      if (segments[i]!.tier === "context") keep.add(i);
    }
    if (keep.size === 0) for (let i = 0; i < Math.min(HEAD_WHEN_NOTHING_SELECTED, segments.length); i++) keep.add(i);
    if (keep.size === segments.length) return null;

    const out: string[] = [];
    let gap = 0;
    let noise = 0;
    const flushGap = () => {
      if (gap > 0) out.push(`... [${gap} lines omitted]`);
      gap = 0;
    };
    segments.forEach((line, i) => {
      if (keep.has(i)) {
        flushGap();
        out.push(line.text);
      } else if (line.tier === "noise") noise++;
      else gap++;
    });
    flushGap();
    if (noise > 0) out.push(`[${noise} noise lines omitted]`);
    return out.join("\n") + "\n";
  },
});
