/**
 * Test runs: the runner's own tally verbatim, every failing test's block (name, assertion or
 * diff, location, the lines that explain it) and every error outside a test; passing lines and
 * ceremony go; a coverage report the run printed is kept whole. Output with no recognised tally (a dev server, a build log) is not a test run and
 * is handed back raw, and so is a run whose failures the reader cannot account for one by one.
 * A failed run with no tally whose compiler errors the build distiller accounts for is read as
 * the build failure it is.
 */
import { carriesFailure } from "../base/failure.ts";
import { stripAnsi } from "../base/lines.ts";
import build from "./build.ts";
import { type Diagnostic, findDiagnostics, RUST_LOCATION } from "./build-tools/diagnostics.ts";
import { isFailureSummary, SCRIPT_BANNER } from "./build-tools/summaries.ts";
import { coverageReports } from "./test-runners/coverage.ts";
import { RUNNER_READERS } from "./test-runners/index.ts";
import { linePieces, type Piece, renderPieces, type ToolLines, toToolLines, trimBlank } from "./shared/pieces.ts";
import { defineDistiller } from "./types.ts";

export default defineDistiller({
  id: "test",
  collapse: "test",
  programs: [
    "pytest",
    "py.test",
    "jest",
    "vitest",
    "mocha",
    "playwright",
    "rspec",
    "phpunit",
    "pest",
    "nextest",
    "tap",
    "tape",
    "ava",
    "karma",
    "cypress",
    "ctest",
    "tox",
    "nox",
    "prove",
    "uvu",
    "jasmine",
    "cucumber-js",
    "cucumber",
    "behave",
    "nose2",
    "trial",
    "busted",
    "bats",
    "codeceptjs",
  ],
  describe:
    "Test runs (cargo, pytest, unittest, doctest, jest, vitest, mocha, node --test, tape, playwright, bun, go, prove, ctest, make check, meson test, jasmine, busted, tcltest, rspec, minitest, test-unit, ava, phpunit, catch2): tally, every failure block (a message or stack already printed pointing back), errors outside tests.",
  // Safe on failed runs: a reading is used only when its failure count equals the runner's tally.
  distillsFailedRuns: true,
  declined: "no test tally recognised",
  distill(input) {
    const reading = readTestRun(input.text, input.failed);
    if (reading !== undefined) return reading;
    // No runner tally at all: a failed run that never got to test (the code did not compile) is a
    // build log, read by the build distiller under its own rules (every error block, counts agree).
    return input.failed ? build.distill(input) : null;
  },
});

/**
 * A test runner's report, read by the runner's own tally whatever command printed it (a project's
 * `./run-tests.sh` prints pytest's report as pytest does). Undefined when no runner's tally is
 * there; null when one is but its failures cannot be accounted for one by one. `endsRun`: the
 * runner's report must be the output's end (at most a few lines after it, or lines that state a
 * failure), so a build that runs its tests midway (`dpkg-buildpackage`) is not read as its tests.
 */
export function readTestRun(text: string, failed: boolean, options: { endsRun?: boolean } = {}): string | null | undefined {
  const lines = toToolLines(text);
  const readings = RUNNER_READERS.map((read) => read(lines)).filter((reading) => reading !== null);
  const reading = readings[0];
  if (!reading) return undefined;
  if (reading.failuresFound !== reading.failuresTallied) return null;
  // A failed run whose runner saw no failure failed elsewhere: read only when a line after the
  // report says where (`ERROR: Coverage for lines (98.8%) does not meet global threshold`), which the render keeps.
  if (failed && reading.failuresTallied === 0 && !reading.keepsErrors && !failsOutside(lines, reading.pieces)) return null;
  const coverage = coverageReports(lines);
  // A coverage report the runner's wrapper prints after the tally (`nyc tape`, `c8 mocha`) is part of the run.
  if (options.endsRun && linesAfter(lines, [...reading.pieces, ...coverage]) > MAX_LINES_AFTER_REPORT) return undefined;
  const diagnostics = findDiagnostics(lines);
  // A script that runs several runners (`c8 node --test && jest && tstyche`): each other runner's
  // reading that accounts for its own failures is part of the run too, past what the first already
  // holds (ctest keeps a Catch2 program's report whole; Catch2's own reader would say it again).
  const held = (at: number) => reading.pieces.some((piece) => at >= piece.at && at < piece.at + piece.lines.length);
  const others = readings
    .slice(1)
    .filter((other) => other.failuresFound === other.failuresTallied)
    .map((other) => ({ ...other, pieces: other.pieces.filter((piece) => !held(piece.at)) }));
  return renderPieces(lines, [
    ...reading.pieces,
    ...others.flatMap((other) => other.pieces),
    ...errorsOutsideTests(lines, diagnostics, reading.pieces),
    ...fewWarnings(lines, diagnostics),
    ...buildSummaries(lines),
    ...missingPrerequisites(lines),
    ...otherTallies(lines),
    ...scriptBanners(lines),
    ...coverage,
  ]);
}

/** The package manager's banner for each script it ran (`> fraction.js@5.3.4 test`, `> mocha tests/*.js`): what ran, at most this many lines. */
const MAX_BANNERS = 16;
/** A script step that printed at most this many lines (`found 0 vulnerabilities`, `Your support information is valid!`) is its own answer. */
const MAX_SHORT_STEP = 3;

function scriptBanners(lines: ToolLines): Piece[] {
  const pieces = linePieces(lines, (line) => SCRIPT_BANNER.test(line), MAX_BANNERS);
  const { plain, raw } = lines;
  for (let i = 0; i < plain.length; i++) {
    if (!SCRIPT_BANNER.test(plain[i]!) || SCRIPT_BANNER.test(plain[i + 1] ?? "")) continue;
    let end = i + 1;
    while (end < plain.length && !SCRIPT_BANNER.test(plain[end]!)) end++;
    const said = [];
    for (let k = i + 1; k < end; k++) if (plain[k]!.trim() !== "") said.push(k);
    if (said.length > 0 && said.length <= MAX_SHORT_STEP) pieces.push(...said.map((k) => ({ at: k, lines: [raw[k]!] })));
    i = end - 1;
  }
  return pieces;
}

/**
 * A line stating a failure after the runner's report (a coverage gate's `ERROR: Coverage for lines …`):
 * the run failed there, after its tests passed. A failure line above the report may be why no test
 * ran, with its cause on lines that state no failure, so it does not count.
 */
function failsOutside(lines: ToolLines, pieces: Piece[]): boolean {
  const last = Math.max(...pieces.map((piece) => piece.at + piece.lines.length));
  return lines.plain.slice(last).some((line) => carriesFailure(line.trim()));
}

/**
 * A runner no reader knows, printing its tally as jest does (tstyche's `Assertions: 21 passed, 21 total`,
 * `Test files: 1 passed, 1 total`): kept, at most this many.
 */
const OTHER_TALLY = /^\s*[A-Z][\w ]{2,24}:\s+(?:\d+ (?:passed|failed|skipped|todo|pending)(?:, )?)+(?:,? \d+ total)?\s*$/;
const MAX_OTHER_TALLIES = 8;
/**
 * tox's verdict per environment after the runner's report, and its last word: `  py311: commands
 * succeeded`, `ERROR:   py39: commands failed`, tox 4's `  py311: OK (1.2=setup[…]+cmd[…] seconds)`,
 * `  congratulations :)`, `  evaluation failed :( (0.5 seconds)`.
 */
const TOX_RESULT =
  /^\s*(?:ERROR:\s+)?[\w.-]+: (?:commands succeeded|commands failed|OK \(|FAIL code \d+|SKIP \(|skipped because |InterpreterNotFound: )|^\s*(?:congratulations :\)|evaluation failed :\()/;

function otherTallies(lines: ToolLines): Piece[] {
  return linePieces(lines, (line) => OTHER_TALLY.test(line) || TOX_RESULT.test(line), MAX_OTHER_TALLIES);
}

/** Compiler warnings in a test run's build: this few are each read (message and location); more are the build's count. */
const MAX_WARNINGS_LISTED = 5;
/**
 * rustc's warnings read in two lines each (the headline over its `--> src/lib.rs:264:18`): the first
 * this many are listed however many there are; cargo's `generated N warnings` counts them all.
 */
const MAX_RUST_WARNINGS_LISTED = 20;

function fewWarnings(lines: ToolLines, diagnostics: Diagnostic[]): Piece[] {
  const warnings = diagnostics
    .filter((d) => d.severity === "warning" && /\S+:\d+/.test(lines.plain.slice(d.from, d.to).join("\n")))
    .map((d) => ({ d, location: lines.plain.slice(d.from + 1, d.to).findIndex((line) => RUST_LOCATION.test(line)) }));
  // Past the cap, a rustc warning (its location the line under its headline) is still listed.
  const listed =
    warnings.length <= MAX_WARNINGS_LISTED
      ? warnings
      : warnings.filter(({ location }) => location === 0).slice(0, MAX_RUST_WARNINGS_LISTED);
  return listed.map(({ d, location }) => ({
    at: d.from,
    lines: [lines.raw[d.from]!, ...(location === -1 ? [] : [lines.raw[d.from + 1 + location]!])],
  }));
}

/** The build's own summary lines around the run (`warning: \`crate\` (lib test) generated 50 warnings`). */
function buildSummaries(lines: ToolLines): Piece[] {
  return linePieces(lines, isFailureSummary);
}

/**
 * A dependency the build step above the run found missing (ExtUtils::MakeMaker's `Warning:
 * prerequisite Test::Warnings 0 not found.`, Module::Build's `!  Test::Deep is not installed`):
 * often why a test file dies before its plan.
 */
const MISSING_PREREQUISITE = /^(?:Warning: prerequisite \S+ \S+ not found\.|\s*!\s+\S+ is not installed)$/;

function missingPrerequisites(lines: ToolLines): Piece[] {
  return linePieces(lines, (line) => MISSING_PREREQUISITE.test(line));
}

/** A script may print its own last word after the runner's report (`make: *** … Error 1`, a timing line). */
const MAX_LINES_AFTER_REPORT = 5;

/** Non-blank lines after the reading's last piece that state no failure. */
function linesAfter(lines: ToolLines, pieces: Piece[]): number {
  const last = Math.max(...pieces.map((piece) => piece.at + piece.lines.length));
  return lines.plain.slice(last).filter((line) => line.trim() !== "" && !carriesFailure(line)).length;
}

/**
 * A test script often runs more than the runner (`tsc; jest`). Compiler errors printed around the
 * run, with a file:line location, are errors outside any test: their blocks are kept whole unless
 * the reading already holds every line of them.
 */
function errorsOutsideTests(lines: ToolLines, diagnostics: Diagnostic[], pieces: Piece[]): Piece[] {
  const held = stripAnsi(pieces.flatMap((piece) => piece.lines).join("\n"));
  return diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => ({ d, plain: lines.plain.slice(d.from, d.to).filter((line) => line.trim() !== "") }))
    .filter(({ plain }) => plain.some((line) => LOCATION.test(line)) && !plain.every((line) => held.includes(line.trim())))
    .map(({ d }) => ({ at: d.from, lines: trimBlank(lines.raw.slice(d.from, d.to)) }));
}

const LOCATION = /[\w./-]+(?::\d+:\d+|\(\d+,\d+\)|:\d+:)/;
