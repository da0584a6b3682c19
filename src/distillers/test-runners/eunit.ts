/**
 * EUnit's verbose report (`rebar3 eunit`, `erl -eval 'eunit:test(…, [verbose])'`): the tally
 * `Failed: 15.  Skipped: 0.  Passed: 346.` and each test whose line ends `…*failed*` (or
 * `*timed out*`), with what explains it: `in function` (the test's own location), the frames that
 * are not EUnit's own, the `**error:` term and the output it captured; and rebar3's own `===>`
 * lines (`Compiling lager`, `Error running tests`) with the compiler's warnings before the run.
 * The `…ok` lines, the module and `[done in …]` lines and EUnit's own frames
 * (`in call from eunit_proc:…`) are the ceremony.
 */
import { linePieces } from "../shared/pieces.ts";
import { lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^\s*Failed: (\d+)\.\s+Skipped: \d+\.\s+Passed: \d+\.$/;
const VERDICT = /(?:\*failed\*|\*timed out\*)$/;
/** A test's line as EUnit starts it: `  mod: name (description)...` (its verdict may come lines later). */
const TEST_START = /^\s+\S.*\.\.\.(?:\[[\d.]+ s\] )?/;
/** A test's line that already has its verdict: not the one a later bare `*failed*` belongs to. */
const DECIDED = /\.\.\.(?:\[[\d.]+ s\] )?ok$|\*failed\*$|\*timed out\*$/;
/** rebar3's own lines: what it compiled, that it ran EUnit, and its last word (`===> Error running tests`). */
const REBAR_VERDICT = /^===> /;
const MAX_REBAR_LINES = 12;
/** The compiler's warnings in the build rebar3 ran first: `test/getopt_test.erl:30:1: Warning: missing specification …`. */
const ERLC_WARNING = /^\S+\.[eh]rl:\d+(?::\d+)?: Warning: /;
const MAX_ERLC_WARNINGS = 20;

const EUNIT_FRAME = /^in call from (?:eunit_\w+|proc_lib|timer):/;
const EMPTY_OUTPUT = /^\s*output:<<"">>$/;
/** Where a block ends: a blank line, the next test, a module's heading or end, the closing rule. */
const BLOCK_END = /^\s*$|^\s*(?:module '|\[done in |=+$)/;
/** Lines of one failure's term and output kept, at most. */
const MAX_BLOCK_LINES = 24;

export function readEunit(lines: RunLines): RunReading | null {
  return readVerbose(lines) ?? readCompact(lines);
}

function readVerbose(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallyAt = lastMatch(plain, TALLY);
  if (tallyAt === -1) return null;
  const tallied = Number(TALLY.exec(plain[tallyAt]!)![1]);
  const pieces: Piece[] = [{ at: tallyAt, lines: [raw[tallyAt]!] }];
  pieces.push(...rebarLines(lines));
  let found = 0;
  for (let i = 0; i < tallyAt; i++) {
    if (!VERDICT.test(plain[i]!)) continue;
    found++;
    // A test that printed before its verdict: its name is on the line that started it.
    if (!TEST_START.test(plain[i]!)) {
      let start = i - 1;
      while (start >= 0 && !(TEST_START.test(plain[start]!) && !DECIDED.test(plain[start]!))) start--;
      if (start !== -1) pieces.push({ at: start, lines: [raw[start]!] });
    }
    const body = [raw[i]!];
    let end = i + 1;
    while (
      end < tallyAt &&
      !BLOCK_END.test(plain[end]!) &&
      !VERDICT.test(plain[end]!) &&
      !(TEST_START.test(plain[end]!) && /^\s/.test(plain[end]!))
    ) {
      if (!EUNIT_FRAME.test(plain[end]!) && !EMPTY_OUTPUT.test(plain[end]!) && body.length < MAX_BLOCK_LINES) body.push(raw[end]!);
      end++;
    }
    pieces.push({ at: i, lines: trimBlank(body) });
    i = end - 1;
  }
  return { pieces, failuresFound: found, failuresTallied: tallied };
}

/** rebar3's own reporter: `101 tests, 9 failures` after `Finished in 0.420 seconds`. */
const COMPACT_TALLY = /^(\d+) tests, (\d+) failures?(?:, \d+ cancelled)?$/;
const FINISHED = /^Finished in [\d.]+ seconds$/;
/** `  1) getopt_test:-parse_main_test_/0-fun-107-/0:152: Option with only short form …` */
const NUMBERED = /^ {2}(\d+)\) \S/;
/** EUnit's own frame and the empty output lines under each numbered failure. */
const COMPACT_NOISE = /^\s+(?:%% eunit_\w+\.erl:\d+:in |Output: ?$)/;

/**
 * The same run as rebar3's default reporter prints it: a `Failures:` section of numbered blocks
 * (`  1) module:fun/0:152: description`, `Failure/Error:`, expected and got), the finish line and
 * the tally. Each block is kept without EUnit's frames and empty `Output:` lines; the dots go.
 */
function readCompact(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallyAt = lastMatch(plain, COMPACT_TALLY);
  if (tallyAt === -1 || !plain.slice(Math.max(0, tallyAt - 3), tallyAt).some((line) => FINISHED.test(line))) return null;
  const pieces: Piece[] = [{ at: tallyAt, lines: [raw[tallyAt]!] }];
  pieces.push(...rebarLines(lines));
  const sectionAt = lastMatch(plain.slice(0, tallyAt), /^Failures:$/);
  const starts: number[] = [];
  for (let i = sectionAt + 1; sectionAt !== -1 && i < tallyAt; i++)
    if (NUMBERED.exec(plain[i]!)?.[1] === String(starts.length + 1)) starts.push(i);
  starts.forEach((at, k) => {
    let end = starts[k + 1] ?? tallyAt;
    while (end > at + 1 && (FINISHED.test(plain[end - 1]!) || plain[end - 1]!.trim() === "")) end--;
    pieces.push({ at, lines: raw.slice(at, end).filter((_, n) => !COMPACT_NOISE.test(plain[at + n]!)) });
  });
  return { pieces, failuresFound: starts.length, failuresTallied: Number(COMPACT_TALLY.exec(plain[tallyAt]!)![2]) };
}

function rebarLines(lines: RunLines): Piece[] {
  return [
    ...linePieces(lines, (line) => REBAR_VERDICT.test(line), MAX_REBAR_LINES),
    ...linePieces(lines, (line) => ERLC_WARNING.test(line), MAX_ERLC_WARNINGS),
  ];
}
