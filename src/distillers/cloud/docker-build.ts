/**
 * `docker build` (classic builder). A success is reported as the builder's own
 * `Successfully built <id>` and `Successfully tagged` lines, only when the builder printed them; a failure keeps the failing step and every line after it.
 * Anything else (a build still running, a log cut short) is not recognised.
 */
import { splitLines } from "../../base/lines.ts";

const STEP = /^Step (\d+)\/(\d+) : /;
const BUILT = /^Successfully built \S+$/;
const TAGGED = /^Successfully tagged \S+$/;
/** The classic builder's own verdict on a failed RUN, and the daemon's error prefixes. */
const FAILED = /returned a non-zero code: \d+|^(?:ERROR|Error response from daemon|error):?\s/i;
/** Per-layer bookkeeping the builder prints between steps. */
const LAYER_NOISE = /^\s*---> (?:Using cache|Running in \S+|[0-9a-f]{6,})\s*$/;
const WARNING = /\bwarn(?:ing)?\b/i;

export function summariseDockerBuild(text: string): string | null {
  const lines = splitLines(text);
  const steps = lines.flatMap((line, index) => (STEP.test(line) ? [index] : []));
  if (steps.length === 0) return null;
  const built = lines.some((line) => BUILT.test(line));
  const failed = lines.some((line) => FAILED.test(line));
  if (failed && !built) return failure(lines, steps[steps.length - 1]!);
  if (!built || failed) return null;
  // The builder's own verdict says it all: `Successfully built <id>` (the id is the answer, what
  // `docker run` takes) and `Successfully tagged`, with any warning it printed on the way.
  const kept = lines.filter((line) => BUILT.test(line) || TAGGED.test(line) || (WARNING.test(line) && !STEP.test(line)));
  return kept.join("\n") + "\n";
}

/** The last step started is the one that failed; its line and everything after it is the error. */
function failure(lines: string[], lastStep: number): string {
  const step = STEP.exec(lines[lastStep]!)!;
  const tail = lines.slice(lastStep).filter((line) => !LAYER_NOISE.test(line) && line.trim() !== "");
  return [`docker build: ✗ failed at step ${step[1]}/${step[2]}`, ...tail].join("\n") + "\n";
}
