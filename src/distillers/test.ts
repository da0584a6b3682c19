/**
 * Test runs: the runner's own tally verbatim, every failing test's block (name, assertion or
 * diff, location, the lines that explain it) and every error outside a test; passing lines and
 * ceremony go. Output with no recognised tally (a dev server, a build log) is not a test run and
 * is handed back raw, and so is a run whose failures the reader cannot account for one by one.
 */
import { carriesFailure } from "../core/failure.ts";
import { stripAnsi } from "../core/lines.ts";
import { RUNNER_READERS } from "./test-runners/index.ts";
import { type Piece, type RunLines, type RunReading, toRunLines } from "./test-runners/reading.ts";
import { defineDistiller } from "./types.ts";

export default defineDistiller({
  id: "test",
  describe: "Test runs (cargo, pytest, unittest, jest, vitest, mocha, node --test, playwright, bun, go): tally, every failure block, errors outside tests.",
  // Safe on failed runs: a reading is used only when its failure count equals the runner's tally.
  distillsFailedRuns: true,
  distill({ text, failed }) {
    const lines = toRunLines(text);
    for (const read of RUNNER_READERS) {
      const reading = read(lines);
      if (!reading) continue;
      if (reading.failuresFound !== reading.failuresTallied) return null;
      if (failed && reading.failuresTallied === 0 && !reading.keepsErrors) return null;
      return render(lines, reading);
    }
    return null;
  },
});

function render(lines: RunLines, reading: RunReading): string {
  const pieces = [...reading.pieces];
  const seen = new Set(pieces.map((piece) => piece.at));
  let plainOut = stripAnsi(pieces.flatMap((piece) => piece.lines).join("\n"));
  // Any other line that states a failure (a stray error between tests) is delivered as printed.
  lines.plain.forEach((line, i) => {
    const trimmed = line.trim();
    if (seen.has(i) || trimmed === "" || !carriesFailure(trimmed) || plainOut.includes(trimmed)) return;
    pieces.push({ at: i, lines: [lines.raw[i]!] });
    plainOut += `\n${line}`;
  });
  return ordered(pieces).join("\n") + "\n";
}

/** Pieces in the order the runner printed them; a multi-line block is set off by a blank line. */
function ordered(pieces: Piece[]): string[] {
  const byStart = new Map<number, Piece>();
  for (const piece of pieces) if (!byStart.has(piece.at)) byStart.set(piece.at, piece);
  const out: string[] = [];
  for (const piece of [...byStart.values()].sort((a, b) => a.at - b.at)) {
    if (piece.lines.length > 1 && out.length > 0 && out.at(-1) !== "") out.push("");
    out.push(...piece.lines);
    if (piece.lines.length > 1) out.push("");
  }
  if (out.at(-1) === "") out.pop();
  return out;
}
