/**
 * Perl's TAP::Harness (`prove`, `make test` of a MakeMaker or Module::Build dist): the closing
 * `Files=N, Tests=M` line and `Result: PASS|FAIL` are the tally, and the Test Summary Report names
 * each failing file with `Failed: K` (its failed assertions). A failed assertion is explained by
 * Test::More's `#   Failed test '…'` comment block (got/expected, `at t/x.t line N.`) or Test.pm's
 * `# Test N got:` one (printed to stderr, often above the TAP), and, under
 * `prove -v`, by its `not ok N - name` point. The failures found (points, or comment blocks when
 * the run was not verbose) must add up to the report's `Failed:` counts.
 */
import { allMatches, countIn, lastMatch, type Piece, type RunLines, type RunReading } from "./reading.ts";

const RESULT = /^Result: (?:PASS|FAIL|NOTESTS)\b/;
const FILES = /^Files=\d+, Tests=\d+/;
const REPORT_ENTRY = /\(Wstat: \d+.*\bFailed: (\d+)\)$/;
const NOT_OK = /^\s*not ok \d+\b(?!.*#\s*TODO)/;
/** Test::More's `#   Failed test '…'`, and the older Test.pm's `# Test 18 got: "…" (t/x.t at line 53)`. */
const FAILED_COMMENT = /^\s*#\s+Failed (?:\(TODO\) )?test\b|^# Test \d+ got: /;
const TODO_COMMENT = /^\s*#\s+Failed \(TODO\) test\b/;
/** Lines the harness prints about a file or the whole run that say what went wrong. */
const HARNESS_SIGNAL =
  /^(?:\S+ \.+ )?(?:Dubious, test returned|Failed \d+\/\d+ subtests|No subtests run|skipped: |Parse errors:|Bailout called)|^All tests successful\.$|^# Looks like /;

/** The report's and the harness's word that a test file died or stopped short. */
const FILE_DIED = /^\s*(?:Non-zero exit status: \d+|Parse errors: |No subtests run)|Dubious, test returned [1-9]/;
/** A warning or error perl itself printed (`… at t/oo.t line 188.`, `syntax error at x.pm line 322, near ");"`), not a TAP point or comment. */
const PERL_DIAGNOSTIC = /^(?!(?:not )?ok\b)[^#\s].* at \S+ line \d+(?:\.|, near .*|, <\w+> (?:line|chunk) \d+\.)$/;
/**
 * The error another interpreter run under `prove --exec` printed for a file before it died
 * (`lua5.4: test/00-require.lua:3: module 'Test.More' not found:`): why the file ran no test.
 */
const EXEC_DIAGNOSTIC = /^[\w.+-]+: [^\s:]+:\d+: \S/;
/** Distinct ones kept, at most. */
const MAX_PERL_DIAGNOSTICS = 10;

export function readProve(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const resultAt = lastMatch(plain, RESULT);
  const filesAt = lastMatch(plain, FILES);
  if (resultAt === -1 || filesAt === -1) return null;
  const pieces: Piece[] = [resultAt, filesAt].map((i) => ({ at: i, lines: [raw[i]!] }));
  const reportAt = plain.indexOf("Test Summary Report");
  let tallied = 0;
  if (reportAt !== -1) {
    const end = filesAt > reportAt ? filesAt : plain.length;
    pieces.push({ at: reportAt, lines: raw.slice(reportAt, end) });
    for (let i = reportAt; i < end; i++) tallied += countIn(plain[i]!, REPORT_ENTRY);
  }
  const points = allMatches(plain, NOT_OK).filter((i) => reportAt === -1 || i < reportAt);
  const comments = allMatches(plain, FAILED_COMMENT).filter((i) => !TODO_COMMENT.test(plain[i]!) && (reportAt === -1 || i < reportAt));
  const covered = new Set<number>();
  for (const i of comments) {
    const block = commentBlock(lines, i);
    for (let k = i; k < i + block.length; k++) covered.add(k);
    pieces.push({ at: i, lines: block });
  }
  for (const i of points) pieces.push({ at: i, lines: [raw[i]!] });
  plain.forEach((line, i) => {
    if ((reportAt === -1 || i < reportAt) && !covered.has(i) && HARNESS_SIGNAL.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
  });
  // Perl's own warnings and errors (`Use of uninitialized value … at t/oo.t line 188.`), and another interpreter's, each said once, even in a passing run.
  const said = new Set<string>();
  plain.forEach((line, i) => {
    if ((reportAt !== -1 && i >= reportAt) || covered.has(i) || said.has(line)) return;
    if (!PERL_DIAGNOSTIC.test(line) && !EXEC_DIAGNOSTIC.test(line)) return;
    if (said.size < MAX_PERL_DIAGNOSTICS) pieces.push({ at: i, lines: [raw[i]!] });
    said.add(line);
  });
  // A subtest's own failures print indented; its parent's one unindented point or comment is what the file counts.
  const top = (i: number) => !/^\s/.test(plain[i]!);
  const found = points.length > 0 ? points.filter(top).length : comments.filter(top).length;
  // A file that died (`Non-zero exit status: 255`, `Bad plan`) failed with no assertion failing: the report says so, and is kept.
  const died = plain.some((line) => FILE_DIED.test(line));
  return { pieces, failuresFound: found, failuresTallied: tallied, keepsErrors: died };
}

/** The line and the `#` comment lines right under it (Test::More's diagnostics). */
function commentBlock(lines: RunLines, at: number): string[] {
  let end = at + 1;
  while (end < lines.plain.length && /^\s*#/.test(lines.plain[end]!) && !FAILED_COMMENT.test(lines.plain[end]!)) end++;
  return lines.raw.slice(at, end);
}
