/**
 * Python's unittest: `Ran N tests in Xs` then `OK` or `FAILED (failures=F, errors=E)`, and one
 * `FAIL:`/`ERROR:` block per problem, each a traceback. Blocks are kept whole; the `====` and
 * `----` rules and the progress dots are the ceremony.
 */
import { withoutTracebackCeremony } from "./python-frames.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const RAN = /^Ran \d+ tests? in [\d.]+s$/;
const VERDICT = /^(?:OK|FAILED)(?: \(.*\))?$/;
const BLOCK_HEADER = /^(?:FAIL|ERROR): \S/;
const DOUBLE_RULE = /^={20,}$/;
const SINGLE_RULE = /^-{20,}$/;

export function readUnittest(lines: RunLines): RunReading | null {
  const ranAt = lastMatch(lines.plain, RAN);
  if (ranAt === -1) return null;
  const verdictAt = lines.plain.findIndex((line, i) => i > ranAt && VERDICT.test(line));
  if (verdictAt === -1) return null;
  const verdict = lines.plain[verdictAt]!;
  const failuresTallied = countIn(verdict, /failures=(\d+)/) + countIn(verdict, /errors=(\d+)/);

  const pieces: Piece[] = [
    { at: ranAt, lines: [lines.raw[ranAt]!] },
    { at: verdictAt, lines: [lines.raw[verdictAt]!] },
  ];
  let found = 0;
  lines.plain.forEach((line, i) => {
    if (!BLOCK_HEADER.test(line) || (i > 0 && !DOUBLE_RULE.test(lines.plain[i - 1]!))) return;
    found++;
    let end = i + 1;
    while (end < ranAt && !DOUBLE_RULE.test(lines.plain[end]!) && !(SINGLE_RULE.test(lines.plain[end]!) && end + 1 === ranAt)) end++;
    const body = withoutTracebackCeremony(lines, i, end)
      .filter((k) => !SINGLE_RULE.test(lines.plain[k]!))
      .map((k) => lines.raw[k]!);
    pieces.push({ at: i, lines: trimBlank(body) });
  });
  return { pieces, failuresFound: found, failuresTallied };
}
