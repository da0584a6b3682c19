/**
 * Builds and compiles (cargo, rustc, tsc, gcc/clang/make, cmake, go build, webpack, vite,
 * esbuild, rollup, pip): every error block whole, the first warnings whole and the rest counted,
 * the tool's own summary and verdict lines. Output with none of those is not recognised, and a
 * count of errors that disagrees with the tool's own count hands back the raw bytes.
 */
import { findDiagnostics, type Diagnostic } from "./build-tools/diagnostics.ts";
import { isFailureSummary, isSuccessVerdict, SCRIPT_BANNER, statedErrorCount } from "./build-tools/summaries.ts";
import { isToolFrame } from "./shared/frames.ts";
import { type Piece, renderPieces, type ToolLines, toToolLines, trimBlank } from "./shared/pieces.ts";
import { defineDistiller } from "./types.ts";

/** Warnings kept whole; past this they are counted. */
const MAX_WARNINGS_SHOWN = 5;

export default defineDistiller({
  id: "build",
  describe: "Builds (cargo, tsc, gcc/make, cmake, go, webpack, vite, esbuild, rollup, pip): every error block, first 5 warnings, the tool's verdict.",
  // Safe on failed runs: only when every error block is kept and the tool's own error count agrees.
  distillsFailedRuns: true,
  distill({ text, failed }) {
    const lines = toToolLines(text);
    const diagnostics = findDiagnostics(lines);
    const errors = diagnostics.filter((d) => d.severity === "error");
    const warnings = diagnostics.filter((d) => d.severity === "warning");
    if (failed && errors.length === 0) return null;
    if (!countsAgree(lines, errors)) return null;

    const pieces: Piece[] = [...errors, ...warnings.slice(0, MAX_WARNINGS_SHOWN)].map((d) => block(lines, d));
    const hidden = warnings.length - MAX_WARNINGS_SHOWN;
    if (hidden > 0) pieces.push({ at: warnings[MAX_WARNINGS_SHOWN]!.from, lines: [`... ${hidden} more warnings not shown (${warnings.length} in all)`] });
    let verdicts = 0;
    lines.plain.forEach((line, i) => {
      if (isSuccessVerdict(line)) verdicts++;
      if (isSuccessVerdict(line) || isFailureSummary(line) || SCRIPT_BANNER.test(line)) pieces.push({ at: i, lines: [lines.raw[i]!] });
    });
    if (diagnostics.length === 0 && verdicts === 0) return null;
    return renderPieces(lines, pieces);
  },
});

function block(lines: ToolLines, diagnostic: Diagnostic): Piece {
  const body = lines.raw.slice(diagnostic.from, diagnostic.to).filter((_, k) => !isToolFrame(lines.plain[diagnostic.from + k]!));
  return { at: diagnostic.from, lines: trimBlank(body) };
}

/** Where the tool printed its own error count, our blocks must add up to it. */
function countsAgree(lines: ToolLines, errors: Diagnostic[]): boolean {
  const stated = new Map<number, number>();
  for (const line of lines.plain) {
    const count = statedErrorCount(line);
    if (count) stated.set(count.kind, (stated.get(count.kind) ?? 0) + count.count);
  }
  if (stated.size === 0) return true;
  return [...stated.values()].some((count) => count === errors.length);
}
