/**
 * Lines in which a build tool speaks for the whole build: its own error counts (checked against
 * the blocks we found), its failure verdicts and its success verdicts. A success line is only
 * ever one the tool printed; nothing here is composed.
 */

/** Error counts the tool printed. Several lines of one kind add up (one per crate, one per file). */
const ERROR_COUNTS: RegExp[] = [
  /^error: could not compile `[^`]+`.*? due to (\d+) previous errors?/,
  /^error: aborting due to (\d+) previous errors?/,
  /^Found (\d+) errors?\b/,
  /^(?:\d+ warnings? and )?(\d+) errors? generated\.$/,
  /^(\d+) errors?(?: and \d+ warnings?)?$/,
  /^webpack .* compiled with (\d+) errors?/,
];

/** Lines that sum up a failure or a warning tally; kept verbatim, never counted as a block. */
const FAILURE_SUMMARIES: RegExp[] = [
  ...ERROR_COUNTS,
  /^error: could not compile `/,
  /^warning: `[^`]+` \(.+\) generated \d+ warnings?/,
  /^warning: build failed, waiting for other jobs/,
  // GNU make, also as `gmake` (the name CMake's generated Makefiles call it by on Debian).
  /^g?make(?:\[\d+\])?: \*\*\* /,
  /^✗ Build failed in /,
  /^-- Configuring incomplete, errors occurred!/,
  // javac -Xlint past its cap: how many it did not show.
  /^only showing the first \d+ (?:errors|warnings), of \d+ total/,
  // meson test's verdict when the rebuild before the run failed.
  /^Could not rebuild \S/,
  /^See also ".*\.log"\.?$/,
  /^Found \d+ warnings?\b/,
  /^\d+ warnings?$/,
  /^\d+ files? inspected, \d+ offenses? detected/,
  /^cc1\S*: (?:all )?warnings being treated as errors/,
  // `make -k`: the goal it gave up on.
  /^g?make(?:\[\d+\])?: Target '[^']+' not remade because of errors\.$/,
  // clang-tidy: the findings it counted but did not show.
  /^Suppressed \d+ warnings? \(/,
  // clang-tidy's verdict when a file did not compile.
  /^Found compiler error\(s\)\.$/,
  // Cabal's `Setup.hs test` under its test suite's own report: `0 of 1 test suites (0 of 1 test cases) passed.`
  /^\d+ of \d+ test suites \(\d+ of \d+ test cases\) passed\.$/,
  // rubocop: a cop that crashed on a file, whose findings for it may be missing.
  /^An error occurred while \S+ cop was inspecting \S+\.$/,
  /^\d+ errors? occurred:$/,
  // javac's mandatory warnings, summed up without -Xlint (`Note: Some input files use unchecked or unsafe operations.`).
  /^Note: (?:\S+\.java|Some input files)(?: additionally)? uses? (?:unchecked or unsafe operations|or overrides? a deprecated API)\.$/,
  /^Note: Recompile with -Xlint:\w+ for details\.$/,
];

/** What a tool prints when it finished; never a claim the output does not make itself. */
const SUCCESS_VERDICTS: RegExp[] = [
  /^\s*Finished `?\w+`? (?:profile )?\[/,
  /^\s*Finished (?:dev|release|test|bench) \[/,
  // `cargo doc`: where the documentation was written, the answer the user asked for.
  /^\s*(?:Generated|Opening) \S+\.html$/,
  /^✓ built in /,
  // vite's module count says how much of the graph the build saw; kept with its verdict.
  /^✓ \d+ modules transformed\.$/,
  /^created \S+ in /,
  // `--stats verbose` stamps the line with the time: `2026-12-01 07:15:31: webpack 5.113.0 compiled …`.
  /^(?:\d{4}-\d\d-\d\d \d\d:\d\d:\d\d: )?webpack .* compiled (?:successfully|with \d+ warnings?)/,
  /^Compiled successfully/,
  /^⚡ Done in /,
  /^g?make(?:\[\d+\])?: Nothing to be done for /,
  /^\[\s*\d+%\] Built target /,
  // automake's (and kbuild-style Makefiles') silent rules: the link, archive and symlink steps name
  // what was built (`  CCLD     xmllint`, `  AR       libdeflate.a`, `  LN       gunzip`; libvterm's
  // own Makefile prints `LINK libvterm.la` at the margin).
  /^(?:\s+(?:(?:CC|CXX|OBJC|F77|FC)?LD|AR|LN)|\s*LINK)\s+\S+$/,
  // CMake's Makefile generator: each target it links (`[ 16%] Linking C shared library libbrotlicommon.so`).
  /^\[\s*\d+%\] Linking \w+ (?:executable|shared library|static library|shared module|module) \S+$/,
  /^-- Build files have been written to: /,
  /^Successfully (?:installed|built) /,
  /^Build succeeded\b/,
  /^✔ Build succeeded for /,
  /^BUILD SUCCESSFUL\b/,
  /^-- (?:Configuring|Generating) done\b/,
  // libtool's library and guild's compiled module: what the build made.
  /^creating \S+\.la$/,
  // GHC's link of a program (`Linking dist/build/cmdargs/cmdargs ...`).
  /^Linking \S+ \.\.\.$/,
  /^wrote `\S+'$/,
  // dpkg-buildpackage: the package it built, and where.
  /^dpkg-deb: building package '[^']+' in '[^']+'\.$/,
  /^Successfully tagged /,
  // A test program a build target runs after linking (jsoncpp's post-build check).
  /^All \d+ tests passed\b/,
];

/**
 * Rows of a report the build printed about what it made: the answer when the user asked for it
 * (esbuild's output files and --analyze table, webpack's asset and chunk rows, libtool's and
 * ninja's link lines, the last thing a build did).
 */
const REPORT_ROWS: RegExp[] = [
  // esbuild's --analyze rows; `--analyze=verbose` draws `─` leaders between the columns.
  /^\s+(?:[│├└]\s*)*\S+(?:\s+─+)?\s+[\d.]+(?:b|kb|mb|gb)\b(?:\s+(?:─+\s+)?[\d.]+%)?\s*$/i,
  /^\s+(?:[│├└]\s*)+\S+\s*$/,
  /^(?:asset|chunk) \S+.* [\d.]+ (?:bytes|KiB|MiB|GiB)\b/,
  // vite's (and rolldown's) output files: `dist/zod.js   90.92 kB │ gzip: 17.62 kB`.
  /^\S+\s+[\d.]+ (?:B|kB|MB|GB)(?: │ (?:gzip|brotli|map): +[\d.]+ (?:B|kB|MB|GB))*\s*$/,
  /^(?:orphan|runtime|cacheable) modules [\d.]+ (?:bytes|KiB|MiB|GiB)\b/,
  // webpack's row for each module it built (`./lib/mediaType.js 5.23 KiB [built] [code generated]`); a big build groups them.
  // Under a `modules by path ./node_modules/ 20.4 KiB` group, its rows are indented.
  /^\s*\.{1,2}\/\S+ [\d.]+ (?:bytes|KiB|MiB|GiB) \[/,
  /^modules by (?:path|layer|type|chunk|module) \S+ [\d.]+ (?:bytes|KiB|MiB|GiB)\b/,
  /^\S+ \+ \d+ modules [\d.]+ (?:bytes|KiB|MiB|GiB)\b/,
  /^libtool: link: .* -o \S+/,
  /--mode=link\b.* -o \S+/,
  /^\[\d+\/\d+\] Linking /,
  /^config\.status: creating /,
  // gnatmake's link step, naming the program it links (`x86_64-linux-gnu-gnatlink-12 demo.ali`).
  /^(?:\S+-)?gnatlink(?:-\d+)? \S+\.ali\b/,
];

export function isReportRow(plain: string): boolean {
  return REPORT_ROWS.some((pattern) => pattern.test(plain));
}

/**
 * A linter's or analyser's closing count of its findings: a run that exits non-zero because it
 * found something, whose findings are then the answer (`41 files inspected, 150 offenses detected`).
 */
const FINDINGS_TALLIES: RegExp[] = [
  /^\d+ files? inspected, \d+ offenses? detected/,
  /^\d+ warnings? generated\.$/,
  /^✖ \d+ problems? \(/,
  /^Your code has been rated at -?[\d.]+\/10\b/,
  // cppcheck's last progress line: how many files it read.
  /^(\d+)\/\1 files checked 100% done$/,
];

export function isFindingsTally(plain: string): boolean {
  return FINDINGS_TALLIES.some((pattern) => pattern.test(plain));
}

const TAP_NOT_OK = /^not ok \d+\b/;
const TAP_PLAN = /^1\.\.\d+$/;

/**
 * A project's TAP wrapper around a checker (one point per file checked, the checker's findings
 * between them): each file it failed, even one marked `# TODO` (a known failure that leaves the
 * exit code 0), and, when one failed, its plan: how many it checked. The indices of those lines.
 */
export function tapWrapperVerdicts(plain: string[]): number[] {
  const failed = plain.flatMap((line, i) => (TAP_NOT_OK.test(line) ? [i] : []));
  if (failed.length === 0) return [];
  return [...failed, ...plain.flatMap((line, i) => (TAP_PLAN.test(line) ? [i] : []))];
}

/** The npm/pnpm/yarn banner naming the script and the command it ran. */
export const SCRIPT_BANNER = /^> \S/;

export function isFailureSummary(plain: string): boolean {
  return FAILURE_SUMMARIES.some((pattern) => pattern.test(plain));
}

export function isSuccessVerdict(plain: string): boolean {
  return SUCCESS_VERDICTS.some((pattern) => pattern.test(plain));
}

/** The error count a summary line states, or null when the line states none. */
function statedErrorCount(plain: string): { kind: number; count: number } | null {
  for (let kind = 0; kind < ERROR_COUNTS.length; kind++) {
    const match = ERROR_COUNTS[kind]!.exec(plain);
    if (match) return { kind, count: Number(match[1]) };
  }
  return null;
}

/**
 * clang-tidy over several files: it states each file's count (`5378 warnings and 3 errors
 * generated.`) but shows an error the files share once (`error: unknown argument: '-mfoo'`).
 */
const CLANG_TIDY_RUN = /^(?:Error while processing \S+\.|Suppressed \d+ warnings? \(.*\)\.?)$/;

/** Where the tool printed its own error count, the error blocks found must add up to it (under clang-tidy, at most it and at least one). */
export function countsAgree(plain: string[], errors: number): boolean {
  const stated = new Map<number, number>();
  for (const line of plain) {
    const count = statedErrorCount(line);
    if (count) stated.set(count.kind, (stated.get(count.kind) ?? 0) + count.count);
  }
  if (stated.size === 0) return true;
  const tidy = plain.some((line) => CLANG_TIDY_RUN.test(line));
  return [...stated.values()].some((count) => count === errors || (tidy && errors > 0 && errors <= count));
}
