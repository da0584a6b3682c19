/**
 * Test runs: the runner's own tally verbatim, every failing test's block (name, assertion or
 * diff, location, the lines that explain it) and every error outside a test; passing lines and
 * ceremony go. Output with no recognised tally (a dev server, a build log) is not a test run and
 * is handed back raw, and so is a run whose failures the reader cannot account for one by one.
 */
import { RUNNER_READERS } from "./test-runners/index.ts";
import { renderPieces, toToolLines } from "./shared/pieces.ts";
import { defineDistiller } from "./types.ts";

export default defineDistiller({
  id: "test",
  describe: "Test runs (cargo, pytest, unittest, jest, vitest, mocha, node --test, playwright, bun, go): tally, every failure block, errors outside tests.",
  // Safe on failed runs: a reading is used only when its failure count equals the runner's tally.
  distillsFailedRuns: true,
  distill({ text, failed }) {
    const lines = toToolLines(text);
    for (const read of RUNNER_READERS) {
      const reading = read(lines);
      if (!reading) continue;
      if (reading.failuresFound !== reading.failuresTallied) return null;
      if (failed && reading.failuresTallied === 0 && !reading.keepsErrors) return null;
      return renderPieces(lines, reading.pieces);
    }
    return null;
  },
});
