/**
 * The fallback for output no specific distiller claims. It cannot tell an answer from ceremony
 * in output it does not know (a chain of `sed -n` windows, a script's report, a plan summary), so
 * it cuts only what is progress by any reading: runs of noise lines (Compiling, Downloading,
 * DEBUG …), and even inside those it keeps a line that warns, fails or reports a result
 * (`Checking for size_t... Yes.`). What is left goes through line-shape mining (generic/shapes.ts):
 * repetitive lines between two signals fold into a counted marker, and every failure, warning
 * and tally line stays with the lines that explain it, so a failed run may be distilled too.
 * Every other line comes back as printed; with nothing to cut it declines. Output that carries a
 * test runner's own tally (a project's `./run-tests.sh` running pytest) is read as that test run.
 */
import { carriesFailure } from "../base/failure.ts";
import { reportsResult } from "../base/score.ts";
import { foldShapes } from "./generic/shapes.ts";
import { foldVerdictBlocks } from "./generic/verdicts.ts";
import { readTestRun } from "./test.ts";
import { defineDistiller } from "./types.ts";

/** A noise line standing alone may be prose ("Installing" in a README); progress comes in runs. */
const MIN_NOISE_RUN = 3;
/** A progress line that warns (`npm warn deprecated …`) is telling the reader something. */
const WARNS = /warn|deprecat/i;

export default defineDistiller({
  id: "generic",
  collapse: "generic",
  describe: "Any other output: drops runs of progress noise (Compiling, Downloading, DEBUG …) and keeps every other line.",
  declined: "nothing recognised as noise",
  // Safe on failed runs: a line that states a failure, a warning or a tally is never cut.
  distillsFailedRuns: true,
  distill({ text, segments, failed }) {
    // A project's own script that runs a test runner prints the runner's report: read by its tally.
    const testRun = readTestRun(text, failed, { endsRun: true });
    if (testRun) return testRun;
    const droppable = segments.map(
      (line) => line.tier === "noise" && !WARNS.test(line.text) && !reportsResult(line.text) && !carriesFailure(line.text),
    );
    const dropped = new Array<boolean>(segments.length).fill(false);
    let noise = 0;
    for (let start = 0; start < segments.length; ) {
      let end = start;
      while (end < segments.length && droppable[end]) end++;
      if (end - start >= MIN_NOISE_RUN) {
        dropped.fill(true, start, end);
        noise += end - start;
      }
      start = end === start ? start + 1 : end;
    }
    const unfolded = segments.filter((_, i) => !dropped[i]).map((line) => line.text);
    // One verdict line per test (`PASS: name`): the passing tests' output goes, the failing tests' stays.
    const verdicts = foldVerdictBlocks(unfolded);
    const kept = verdicts ? verdicts.lines : unfolded;
    const shaped = foldShapes(kept);
    // The noise rule alone never touched a failed run; only the shape miner and the verdict fold, which keep every signal, do.
    if (failed && !shaped && !verdicts) return null;
    if (noise === 0 && !shaped && !verdicts) return null;
    const lines = shaped ? shaped.text.split("\n") : kept;
    return `${[...lines, ...(noise > 0 ? [`[${noise} noise lines omitted]`] : [])].join("\n")}\n`;
  },
});
