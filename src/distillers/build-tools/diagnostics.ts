/**
 * Error and warning blocks of compilers and bundlers: where each starts and where it ends.
 * A block is the diagnostic line with everything the tool printed to explain it (source
 * excerpt, carets, notes, help), so it is always delivered whole.
 */
import type { ToolLines } from "../shared/pieces.ts";
import { isFailureSummary } from "./summaries.ts";

export type Severity = "error" | "warning";

export interface Diagnostic {
  severity: Severity;
  /** First and one-past-last line of the block. */
  from: number;
  to: number;
}

/** How far a block runs once started. */
type Extent = "blank" | "paragraphs" | "indented" | "next" | "rest" | "linker";

interface Starter {
  severity: Severity;
  pattern: RegExp;
  extent: Extent;
}

/** A warning no line is named for: guild's `<unknown-location>: warning: …`, GHC's `<no location info>: warning: [-Wmissing-home-modules]`, `libtool: warning: …`. */
export const UNLOCATED_WARNING = /^(?:<unknown-location>|<no location info>|<command line>|[\w.+-]+): warning: /;

const LINKER = /^(?:\S*\bld(?:\.\w+)?: |\S+: undefined reference to |collect2: error: )/;

const STARTERS: Starter[] = [
  // pip: a failed build backend; its captured output and pip's verdict follow to the end.
  { severity: "error", pattern: /^\s*error: subprocess-exited-with-error$/, extent: "rest" },
  // pip's own errors name themselves (`error: externally-managed-environment`); its notes and hints follow to the end.
  { severity: "error", pattern: /^error: [a-z]+(?:-[a-z]+)+$/, extent: "rest" },
  // rustc / cargo / clippy: the block ends at the first blank line.
  { severity: "error", pattern: /^error(?:\[\w+\])?: /, extent: "blank" },
  { severity: "warning", pattern: /^warning(?:\[\w+\])?: /, extent: "blank" },
  // gcc, clang, go vet style `file:line:col: error: …`, then indented source and notes.
  { severity: "error", pattern: /^\S+?:\d+(?::\d+)?: (?:fatal )?error: /, extent: "indented" },
  { severity: "warning", pattern: /^\S+?:\d+(?::\d+)?: warning: /, extent: "indented" },
  // cppcheck's other severities, and rubocop's `file:line:col: C: Cop/Name: message` (W, R too): findings too.
  { severity: "warning", pattern: /^\S+?:\d+:\d+: (?:style|performance|portability|information): /, extent: "indented" },
  { severity: "warning", pattern: /^\S+?:\d+:\d+: [CWR]: (?:\[Correctable\] )?[A-Z]\w+\/\w+: /, extent: "indented" },
  // rubocop's error and fatal findings (`E: Lint/Syntax: unexpected token kIN`): a file it could not parse.
  { severity: "error", pattern: /^\S+?:\d+:\d+: [EF]: (?:\[Correctable\] )?[A-Z]\w+\/\w+: /, extent: "indented" },
  // pylint's `file:line:col: E1121: message (symbol)`, flake8's and pycodestyle's `file:line:col: E501 message`.
  { severity: "warning", pattern: /^\S+?:\d+:\d+: [CRWEFI]\d{4}: /, extent: "indented" },
  // A warning with no line: guild's `<unknown-location>: warning: …`, GHC's `<no location info>: warning: [-Wmissing-home-modules]`, `libtool: warning: …`.
  { severity: "warning", pattern: UNLOCATED_WARNING, extent: "indented" },
  { severity: "error", pattern: /^(?:<no location info>|<command line>): error: /, extent: "indented" },
  // go build: `./main.go:12:5: undefined: x` with no severity word.
  { severity: "error", pattern: /^\S+\.go:\d+(?::\d+)?: /, extent: "indented" },
  // tsc, plain and --pretty; `error TS…` without a file when the file is in the message.
  { severity: "error", pattern: /^\S+\(\d+,\d+\): error TS\d+: /, extent: "indented" },
  { severity: "error", pattern: /^\S+:\d+:\d+ - error TS\d+: /, extent: "next" },
  { severity: "error", pattern: /^error TS\d+: /, extent: "indented" },
  // The linker: `ld: …`, `undefined reference`, `collect2: error: ld returned …`.
  { severity: "error", pattern: LINKER, extent: "linker" },
  // esbuild.
  { severity: "error", pattern: /^✘ \[ERROR\] /, extent: "next" },
  { severity: "warning", pattern: /^▲ \[WARNING\] /, extent: "next" },
  // webpack, rollup, cmake.
  // webpack's block may run over paragraphs: a missing core module's `BREAKING CHANGE:` and the polyfill to install.
  { severity: "error", pattern: /^ERROR in /, extent: "paragraphs" },
  { severity: "warning", pattern: /^WARNING in /, extent: "paragraphs" },
  { severity: "error", pattern: /^\[!\] (?:\w*Error|\w+): /, extent: "blank" },
  // rollup's warning runs over paragraphs (the comment it quotes, the file, an excerpt) to the next one, or to `created …`.
  { severity: "warning", pattern: /^\(!\) /, extent: "next" },
  { severity: "error", pattern: /^CMake Error\b/, extent: "indented" },
  { severity: "warning", pattern: /^CMake (?:Deprecation )?Warning\b/, extent: "indented" },
  // vite, pip, npm: the error is the rest of the output.
  { severity: "error", pattern: /^error during build:$/, extent: "rest" },
  { severity: "error", pattern: /^ERROR: /, extent: "rest" },
  { severity: "error", pattern: /^npm (?:ERR!|error) /, extent: "rest" },
  // configure stops at its first error: what follows is that error's message (often its own paragraphs).
  { severity: "error", pattern: /^configure: error: ?/, extent: "rest" },
  // autotools' `missing` script: `WARNING: 'automake-1.16' is probably too old.`, then indented advice.
  { severity: "warning", pattern: /^WARNING: '[^']+' is (?:probably too old|missing on your system)/, extent: "indented" },
];

/** gcc's include chain: `In file included from a.h:3,` and the `                 from b.c:1:` lines under it. */
const INCLUDED_FROM = /^In file included from /;
const INCLUDED_FROM_MORE = /^\s+from \S+:\d+[,:]$/;
export const INCLUDE_CHAIN = new RegExp(`${INCLUDED_FROM.source}|${INCLUDED_FROM_MORE.source}`);
/** gcc's chain of template instantiations: `file:line:col:   required from here`. */
export const REQUIRED_FROM = /^\S+:\d+:\d+:\s+required (?:from|by) /;

/**
 * A compiler's lines that introduce the next diagnostic: `file.c: In function ‘main’:`,
 * `In file included from …`, and a template's `In substitution of …:` with its chain of
 * `file:line:col:   required from here`, which says where in the project the error comes from.
 */
export const COMPILER_PREAMBLE = new RegExp(
  `^\\S+: In (?:function|member function|constructor|destructor|instantiation|substitution) .*:|${INCLUDE_CHAIN.source}|${REQUIRED_FROM.source}`,
);
/** The compiler's, or a `# path` header above a linter's findings. */
const PREAMBLE = new RegExp(`${COMPILER_PREAMBLE.source}|^# \\S+$`);
const CONFIGURE_ERROR = /^configure: error:/;
/** A configure probe line; at most this many of them stay above configure's error. */
const PROBE = /^(?:configure: )?checking /;
const MAX_PROBES = 3;
/** The caret line under a quoted source line. */
const CARETS = /^\s*\^[~^]*\s*$/;
/** rustc's location line under a diagnostic (`  --> src/lib.rs:1099:35`), and the file it names. */
export const RUST_LOCATION = /^\s*--> (\S+?):\d+/;
/** A gcc/clang note belongs to the diagnostic before it. */
const NOTE = /^\S+?:\d+(?::\d+)?: note: /;

/**
 * gfortran names the place first, on a line of its own (`lbfgsb.f:975:5:`), quotes the source with
 * `1` (and `2`) under the columns, and ends with the severity and message (`Warning: Label 1003 at
 * (1) defined but not used [-Wunused-label]`, `Error: …`, `Fatal Error: …`).
 */
export const FORTRAN_LOCATION = /^(\S+\.(?:f|for|ftn|f77|f90|f95|f03|f08|F|FOR|F77|F90|F95|F03|F08)):\d+:\d+(?:-\d+)?:$/;
export const FORTRAN_MESSAGE = /^(?:Warning|Error|Fatal Error|note): \S/;
/** A note's block (`note: ‘tl’ was declared here`) belongs to the warning above it. */
const FORTRAN_NOTE = /^note: /;
/** A gfortran block's lines before its message, at most (the place, a blank, two quoted loci with their markers). */
const MAX_FORTRAN_BLOCK = 10;

/** The line of a gfortran block's message, or -1 when `at` does not open one. */
/** Each place and message line of a gfortran block (its notes' too), as `[place, message]` pairs. */
export function fortranPairs(plain: string[], from: number, to: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let at = from; at < to; at++) {
    const message = fortranMessageAt(plain, at);
    if (message === -1 || message >= to) continue;
    pairs.push([at, message]);
    at = message;
  }
  return pairs;
}

export function fortranMessageAt(plain: string[], at: number): number {
  if (!FORTRAN_LOCATION.test(plain[at]!)) return -1;
  for (let k = at + 1; k < plain.length && k <= at + MAX_FORTRAN_BLOCK; k++) {
    if (FORTRAN_MESSAGE.test(plain[k]!)) return k;
    if (FORTRAN_LOCATION.test(plain[k]!)) return -1;
  }
  return -1;
}

export function findDiagnostics(lines: ToolLines): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { plain } = lines;
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    if (isFailureSummary(line)) continue;
    let fortran = fortranMessageAt(plain, i);
    if (fortran !== -1) {
      if (FORTRAN_NOTE.test(plain[fortran]!)) continue;
      const severity = plain[fortran]!.startsWith("Warning") ? "warning" : "error";
      for (let note = fortranMessageAt(plain, fortran + 1); note !== -1 && FORTRAN_NOTE.test(plain[note]!); )
        note = fortranMessageAt(plain, (fortran = note) + 1);
      found.push({ severity, from: i, to: fortran + 1 });
      i = fortran;
      continue;
    }
    const starter = STARTERS.find((s) => s.pattern.test(line));
    if (!starter) continue;
    let from = i;
    while (from > 0 && PREAMBLE.test(plain[from - 1]!)) from--;
    // configure's error follows the probes that led to it (`configure: checking for guile 3.0`).
    if (CONFIGURE_ERROR.test(line)) while (from > 0 && i - from < MAX_PROBES && PROBE.test(plain[from - 1]!)) from--;
    const to = blockEnd(plain, i, starter.extent);
    found.push({ severity: starter.severity, from, to });
    i = to - 1;
  }
  return found;
}

const RUST_DIAGNOSTIC = /^(?:error|warning)(?:\[\w+\])?: /;

/** A compiler's `path:line[:col]: error|warning: …` line: a diagnostic of its own. */
const LOCATED_DIAGNOSTIC = /^\S+?:\d+(?::\d+)?: (?:fatal )?(?:error|warning): /;

function startsRustDiagnostic(line: string): boolean {
  return RUST_DIAGNOSTIC.test(line);
}

/**
 * gcc's `In file included from …` chain right before a note (the candidate a header declares):
 * it introduces the note, which belongs to the error above. The index of that note, or `at`.
 */
function includesBeforeNote(plain: string[], at: number): number {
  if (!INCLUDED_FROM.test(plain[at]!)) return at;
  let k = at + 1;
  while (k < plain.length && INCLUDED_FROM_MORE.test(plain[k]!)) k++;
  return k < plain.length && NOTE.test(plain[k]!) ? k : at;
}

/** What follows a webpack block and is not part of it: the resolver's trace, the stats rows, the verdict. */
const WEBPACK_AFTER_BLOCK =
  /^resolve '|^webpack(?: \d\S*)? compiled\b|^(?:asset|chunk|modules by \w+|orphan modules|runtime modules|cacheable modules|built modules) \S|^\S+ \+ \d+ modules\b|^\.\/\S+ [\d.]+ (?:bytes|KiB|MiB)\b/;

const CMAKE_CALL_STACK = /^Call Stack \(most recent call first\):$/;

function blockEnd(plain: string[], start: number, extent: Extent): number {
  let end = start + 1;
  const stops = (line: string) => isFailureSummary(line) || STARTERS.some((s) => s.pattern.test(line));
  switch (extent) {
    case "rest":
      return plain.length;
    case "blank":
      // A one-line note (`warning: no edition set…`) runs straight into the next diagnostic: that one starts its own block.
      // So does a located one (javac's `warning: [path] bad path element …` above `A.java:78: warning: …`).
      while (
        end < plain.length &&
        plain[end]!.trim() !== "" &&
        !isFailureSummary(plain[end]!) &&
        !startsRustDiagnostic(plain[end]!) &&
        !LOCATED_DIAGNOSTIC.test(plain[end]!)
      )
        end++;
      return end;
    case "paragraphs":
      // To the next block, webpack's resolver trace (`resolve 'path' in …`) or its closing lines.
      while (end < plain.length && !stops(plain[end]!) && !WEBPACK_AFTER_BLOCK.test(plain[end]!)) end++;
      while (end > start + 1 && plain[end - 1]!.trim() === "") end--;
      return end;
    case "next":
      while (end < plain.length && !stops(plain[end]!) && !/^(?:Errors {2}Files|created \S.* in [\d.]+m?s)$/.test(plain[end]!)) end++;
      return end;
    case "linker":
      while (end < plain.length && (LINKER.test(plain[end]!) || /^\s+\S/.test(plain[end]!))) end++;
      return end;
    case "indented": {
      // `configure.ac:41: error: version mismatch…` goes on over lines with the same location and no severity.
      const location = /^(\S+?:\d+(?::\d+)?: )/.exec(plain[start]!)?.[1];
      const continues = (line: string) =>
        location !== undefined &&
        line.startsWith(location) &&
        !/^\S+?:\d+(?::\d+)?: (?:fatal )?(?:error|warning|note):/.test(line) &&
        !STARTERS.some((s) => s.pattern.test(line));
      // Indented lines belong to the block, across blank lines (CMake writes paragraphs).
      while (end < plain.length) {
        const line = plain[end]!;
        let next = end;
        while (next < plain.length && plain[next]!.trim() === "") next++;
        // A source line at column 0 (`}`) belongs to the block when carets underline it.
        if (
          NOTE.test(line) ||
          continues(line) ||
          // CMake's call stack under an error: the project's own `tests/CMakeLists.txt:26 (FetchContent_Populate)` that led there.
          CMAKE_CALL_STACK.test(line) ||
          (/^\s/.test(line) && line.trim() !== "") ||
          CARETS.test(line) ||
          CARETS.test(plain[end + 1] ?? "")
        )
          end++;
        else if (next > end && next < plain.length && /^\s+\S/.test(plain[next]!)) end = next;
        else {
          const note = includesBeforeNote(plain, end);
          if (note === end) break;
          end = note;
        }
      }
      return end;
    }
  }
}
