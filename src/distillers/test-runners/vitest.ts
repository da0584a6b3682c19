/**
 * Vitest. Current versions print a "Failed Tests N" section of ` FAIL  file > suite > test` blocks
 * separated by `⎯⎯[i/N]⎯` rules; older ones print `✗ test` under its file line with the message
 * indented below. Either way the tally is `Tests  F failed | P passed (T)`, and the blocks are kept
 * whole, with `--reporter=verbose`'s `×` line for each failing test when few failed. Passing `✓`
 * lines, the RUN banner and timings are the ceremony.
 */
import { linePieces } from "../shared/pieces.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank, withoutRepeatedFrames } from "./reading.ts";

/** `Tests  2 failed | 9 passed (11)`; vitest 0.x wrote `| 11 total`. */
const TESTS_TALLY = /^\s*Tests\s{2,}.*(?:\(\d+\)|\| \d+ total)\s*$/;
const FILES_TALLY = /^\s*Test Files\s{2,}.*(?:\(\d+\)|\| \d+ total)\s*$/;
const FAIL_HEADER = /^ FAIL {2}\S/;
const RULE = /^⎯+(?:\[\d+\/\d+\]⎯*| .* ⎯+)?$/;
const SECTION = /^⎯+ (.+?) \d* ?⎯+$/;
const FILE_LINE = /^\s*[✗×❯]\s+\S.*\(\d+ tests?\b/;
const OLD_TEST_LINE = /^(\s*)[✗×]\s+\S/;
/** `--reporter=verbose`'s line for a failing test in the run's list: ` × tests/a.js > Suite > test 9ms`. */
const VERBOSE_FAILED = /^\s*[✗×] \S.* > /;
/** Those lines are kept when this few tests failed: more are read in their blocks, which repeat the names. */
const MAX_VERBOSE_FAILED = 5;

export function readVitest(lines: RunLines): RunReading | null {
  const tallyAt = lastMatch(lines.plain, TESTS_TALLY);
  if (tallyAt === -1) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [lines.raw[tallyAt]!] }];
  const filesAt = lastMatch(lines.plain, FILES_TALLY);
  if (filesAt !== -1) pieces.push({ at: filesAt, lines: [lines.raw[filesAt]!] });
  const failuresTallied = countIn(lines.plain[tallyAt]!, /(\d+) failed/);
  lines.plain.forEach((line, i) => {
    if (FILE_LINE.test(line) && /\d+ failed/.test(line)) pieces.push({ at: i, lines: [lines.raw[i]!] });
  });
  // Vitest writes failures to stderr and the tally to stdout; a host that appends stderr after
  // stdout puts the blocks after the tally, so the whole output is searched.
  const hasSections = lines.plain.some((line) => FAIL_HEADER.test(line) || SECTION.test(line));
  const found = hasSections ? readSections(lines, pieces) : readTree(lines, lines.plain.length, pieces);
  if (hasSections && failuresTallied <= MAX_VERBOSE_FAILED)
    pieces.push(...linePieces(lines, (line) => VERBOSE_FAILED.test(line) && !FILE_LINE.test(line), MAX_VERBOSE_FAILED));
  const keepsErrors = lines.plain.some((line) => /^⎯+ (?:Unhandled Errors?|Failed Suites \d+) ⎯+$/.test(line));
  return { pieces, failuresFound: found, failuresTallied, keepsErrors };
}

/** ` FAIL  file > … > test` blocks and whole "Unhandled Errors" sections; returns failing tests found. */
function readSections(lines: RunLines, pieces: Piece[]): number {
  let found = 0;
  const frames = new Set<string>();
  let inErrors = false;
  for (let i = 0; i < lines.plain.length; i++) {
    const plain = lines.plain[i]!;
    const section = SECTION.exec(plain)?.[1];
    if (section !== undefined) {
      inErrors = /Unhandled|Errors?$/.test(section);
      pieces.push({ at: i, lines: [lines.raw[i]!] });
      continue;
    }
    if (/^⎯+$/.test(plain) || TESTS_TALLY.test(plain) || FILES_TALLY.test(plain) || plain === "[stderr]") inErrors = false;
    if (!FAIL_HEADER.test(plain) && !(inErrors && plain.trim() !== "")) continue;
    if (FAIL_HEADER.test(plain) && plain.includes(" > ")) found++;
    let end = i + 1;
    while (end < lines.plain.length && !endsBlock(lines.plain[end]!)) end++;
    pieces.push({ at: i, lines: trimBlank(withoutRepeatedFrames(lines, i, end, frames)) });
    i = end - 1;
  }
  return found;
}

/** Older layout: `✗ test` lines under a file line, explanation indented deeper below each. */
export function readTree(lines: RunLines, tallyAt: number, pieces: Piece[]): number {
  let found = 0;
  for (let i = 0; i < tallyAt; i++) {
    const plain = lines.plain[i]!;
    const indent = OLD_TEST_LINE.exec(plain)?.[1];
    if (indent === undefined || FILE_LINE.test(plain)) continue;
    found++;
    let end = i + 1;
    while (end < tallyAt && lines.plain[end]!.trim() !== "" && /^\s*/.exec(lines.plain[end]!)![0].length > indent.length) end++;
    pieces.push({ at: i, lines: lines.raw.slice(i, end) });
    i = end - 1;
  }
  return found;
}

/** A block runs to the next rule, the next FAIL header, a tally, or the host's stderr separator. */
function endsBlock(plain: string): boolean {
  return RULE.test(plain) || FAIL_HEADER.test(plain) || FILES_TALLY.test(plain) || TESTS_TALLY.test(plain) || plain === "[stderr]";
}
