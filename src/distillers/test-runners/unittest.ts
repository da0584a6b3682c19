/**
 * Python's unittest: `Ran N tests in Xs` then `OK` or `FAILED (failures=F, errors=E)`, and one
 * `FAIL:`/`ERROR:` block per problem, each a traceback. Blocks are kept whole; the `====` and
 * `----` rules and the progress dots are the ceremony; a short paragraph right after the verdict
 * is the script's own closing words, kept.
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
  // The runner's closing words, printed by the project's own script right after the verdict
  // (tornado's "Some tests were skipped because: …"): a short paragraph, kept whole.
  const epilogue = closingParagraph(lines.plain, verdictAt + 1);
  if (epilogue.length > 0) pieces.push({ at: verdictAt + 1, lines: epilogue.map((k) => lines.raw[k]!) });
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

const MAX_CLOSING_LINES = 10;

/** A sentence, not a tool's prefixed line (`E: pybuild …`, `make: ***`) or a value the program printed. */
const PROSE = /^(?![\w.-]+:)[A-Z][a-z]+(?: \S+){3,}/;

/** The lines from `from` up to the next blank line or the end, when they are a few and read as prose; else none. */
function closingParagraph(plain: string[], from: number): number[] {
  if (!PROSE.test(plain[from] ?? "")) return [];
  const kept: number[] = [];
  for (let i = from; i < plain.length && plain[i]!.trim() !== ""; i++) {
    if (kept.length === MAX_CLOSING_LINES) return [];
    kept.push(i);
  }
  return kept;
}
