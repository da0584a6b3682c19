/**
 * test-unit (Ruby's bundled xUnit runner: `ruby test/run-test.rb`, `rake test` on a test-unit
 * suite): the tally `311 tests, 4819 assertions, 9 failures, 0 errors, 0 pendings, …`, the
 * `100% passed` verdict under it, and each `Failure:` / `Error:` block between its `====` rules.
 * A block keeps its heading (the test and its class), the first backtrace frame and the test's
 * own frame, the excerpt line the `=>` arrow marks, and the message and diff; the other frames and
 * excerpt lines, the progress dots, `-v`'s line per test and the timing lines are the ceremony.
 */
import { type Piece, type RunLines, type RunReading, lastMatch } from "./reading.ts";

const TALLY = /^(\d+) tests, \d+ assertions, (\d+) failures, (\d+) errors, \d+ pendings, \d+ omissions, \d+ notifications$/;
const VERDICT = /^\d+(?:\.\d+)?% passed$/;
const RULE = /^={40,}$/;
const HEADING = /^(Failure|Error|Pending|Omission|Notification): (\w[^(]*)\(/;
const FRAME = /^\S.*:\d+:in `/;
const EXCERPT = /^\s+(?:=>\s+)?\d+: /;
const ARROW = /^\s+=>\s+\d+: /;

export function readTestUnit(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TALLY);
  if (tallyAt === -1) return null;
  const [, , failures, errors] = TALLY.exec(lines.plain[tallyAt]!)!;
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  const verdictAt = tallyAt + 1 < lines.plain.length && VERDICT.test(lines.plain[tallyAt + 1]!) ? tallyAt + 1 : -1;
  if (verdictAt !== -1) pieces.push({ at: verdictAt, lines: [lines.raw[verdictAt]!] });
  let found = 0;
  for (let i = 0; i < tallyAt; i++) {
    const heading = HEADING.exec(lines.plain[i]!);
    if (!heading || i === 0 || !RULE.test(lines.plain[i - 1]!)) continue;
    let end = i + 1;
    while (end < tallyAt && !RULE.test(lines.plain[end]!)) end++;
    if (heading[1] === "Failure" || heading[1] === "Error") {
      found++;
      pieces.push({ at: i, lines: blockLines(lines, i, end, heading[2]!.trim()) });
    }
    i = end;
  }
  return { pieces, failuresFound: found, failuresTallied: Number(failures) + Number(errors) };
}

/** The heading, the first frame and the test's own, the arrowed excerpt line, the message. */
function blockLines(lines: RunLines, from: number, to: number, testName: string): string[] {
  const frames: number[] = [];
  for (let k = from + 1; k < to; k++) if (FRAME.test(lines.plain[k]!)) frames.push(k);
  const own = frames.find((k) => lines.plain[k]!.endsWith(`in \`${testName}'`));
  const keptFrames = new Set([frames[0], own].filter((k) => k !== undefined));
  const out = [lines.raw[from]!];
  for (let k = from + 1; k < to; k++) {
    const plain = lines.plain[k]!;
    if (FRAME.test(plain) ? keptFrames.has(k) : !EXCERPT.test(plain) || ARROW.test(plain)) out.push(lines.raw[k]!);
  }
  return out;
}
