/**
 * CppUnit's text runner: `OK (229)` when every test passed, otherwise `Failures !!!` (or
 * `!!!FAILURES!!!`) over `Run: 229   Failure total: 2   Failures: 2   Errors: 0`. Each problem is a
 * block: the compiler outputter's `TestAssertTest.cpp:251:Assertion` (or `:Error`) over
 * `Test name: Suite::test` and its message, or the text outputter's `1) test: Suite::test (F) line:
 * 251 TestAssertTest.cpp`. Every block is kept whole; the `Suite::test : OK` lines go.
 */
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^Run:\s+\d+\s+(?:Failure total: \d+\s+)?Failures: \d+\s+Errors: \d+$/;
const PASSED = /^OK \(\d+\)$/;
/** What a passing CppUnit run prints per test, which `OK (N)` must follow. */
const TEST_OK = /^\S+::\S+ : OK$/;
const VERDICT = /^(?:Failures !!!|!!!FAILURES!!!)$/;
const BLOCK = /^(?:\S+:\d+:(?:Assertion|Error)|##Failure Location unknown## : (?:Assertion|Error)|\d+\) test: \S+ \([EF]\))/;

export function readCppunit(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const tallyAt = lastMatch(plain, TALLY);
  if (tallyAt === -1) {
    const okAt = lastMatch(plain, PASSED);
    if (okAt === -1 || !plain.slice(0, okAt).some((line) => TEST_OK.test(line))) return null;
    return { pieces: [{ at: okAt, lines: [raw[okAt]!] }], failuresFound: 0, failuresTallied: 0 };
  }
  const tally = plain[tallyAt]!;
  const pieces: Piece[] = [{ at: tallyAt, lines: [raw[tallyAt]!] }];
  const verdictAt = lastMatch(plain.slice(0, tallyAt), VERDICT);
  if (verdictAt !== -1) pieces.push({ at: verdictAt, lines: [raw[verdictAt]!] });
  let found = 0;
  const end = verdictAt === -1 ? tallyAt : verdictAt;
  for (let i = 0; i < end; i++) {
    if (!BLOCK.test(plain[i]!)) continue;
    found++;
    let stop = i + 1;
    while (stop < end && !BLOCK.test(plain[stop]!) && !TEST_OK.test(plain[stop]!)) stop++;
    pieces.push({ at: i, lines: trimBlank(raw.slice(i, stop)) });
    i = stop - 1;
  }
  return { pieces, failuresFound: found, failuresTallied: countIn(tally, /Failures: (\d+)/) + countIn(tally, /Errors: (\d+)/) };
}
