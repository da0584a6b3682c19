/**
 * Builds and compiles (cargo, rustc, tsc, gcc/clang/make, cmake, go build, webpack, vite,
 * esbuild, rollup, pip): every error block whole (in a wall of many `file:line: error:` or rustc errors,
 * without the quoted source line and its carets: each error's location and message lines stay); every warning as its location and message, one
 * line each (a cargo warning keeps its `-->` line, a gcc one its `note:` lines), grouped by file with a count when there are
 * several files, its source excerpt and carets cut: when a build's point is its diagnostics, the
 * diagnostics are the answer (ruff's full report is written as its concise lines). The tool's own summary, verdict and report lines (link lines,
 * esbuild's --analyze table, webpack's asset rows, phpcs's file counts, cmake's Configuring/Generating done) stay. A
 * count of errors that disagrees with the tool's own count hands back the raw bytes, and output
 * with none of those is not recognised.
 */
import {
  COMPILER_PREAMBLE,
  findDiagnostics,
  FORTRAN_LOCATION,
  fortranPairs,
  INCLUDE_CHAIN,
  REQUIRED_FROM,
  RUST_LOCATION,
  type Diagnostic,
  UNLOCATED_WARNING,
} from "./build-tools/diagnostics.ts";
import {
  autoconfMessages,
  cmakeNotices,
  compileDbNotice,
  configureEpilogue,
  crashSites,
  fewCompiled,
  lastLink,
  strayWarnings,
} from "./build-tools/notices.ts";
import { phpcsFindings } from "./build-tools/phpcs.ts";
import { ruffConcise } from "./build-tools/ruff.ts";
import { shellcheckFindings } from "./build-tools/shellcheck.ts";
import {
  countsAgree,
  isFailureSummary,
  isFindingsTally,
  isReportRow,
  isSuccessVerdict,
  SCRIPT_BANNER,
  tapWrapperVerdicts,
} from "./build-tools/summaries.ts";
import { carriesFailure } from "../base/failure.ts";
import { indentOf } from "../base/lines.ts";
import { foldRepeatedFindings, isFinding, MIN_FOLDED_FINDINGS } from "../base/same-as.ts";
import { isRuntimeFrame, isToolFrame } from "./shared/frames.ts";
import { type Piece, renderPieces, type ToolLines, toToolLines, trimBlank } from "./shared/pieces.ts";
import { defineDistiller } from "./types.ts";

/** A rustc/cargo diagnostic names its location on the line under it. */
const FILE_OF = /^(\S+?):\d+(?::\d+)?: /;
/** CMake's warning head, and the file it names: `CMake Warning (dev) at reformatter/CMakeLists.txt:38 (GET_TARGET_PROPERTY):`. */
const CMAKE_HEAD = /^CMake (?:Deprecation )?Warning\b[^:]*?(?: at (\S+?):\d+)?(?: \([^)]*\))?:$/;
/** A warning line with no message of its own: nothing, or only a bracketed flag, after `warning:`. */
const BARE_HEAD = /^(?:\S+?:\d+(?::\d+)?|<no location info>|<command line>): warning:(?:\s*\[[^\]]*\])?\s*$/;
/** rollup's warning head: `(!) v4/core/util.js (400:0): A comment`, `(!) Circular dependency`. */
const ROLLUP_HEAD = /^\(!\) /;
/** What a rollup warning's message is not: its source excerpt (`400: code`, the caret under it) and its docs link. */
const ROLLUP_EXCERPT = /^\s*(?:\d+: |\^\s*$)|^https?:\/\/\S+$/;
/** The caret under the excerpt line a rollup warning points at. */
const ROLLUP_CARET = /^\s*\^\s*$/;
/** Lines of one rollup warning's message kept, at most. */
const MAX_ROLLUP_LINES = 12;
/**
 * rustc and clippy name a lint once, under its first warning (`= note: `#[warn(clippy::partialeq_to_none)]`
 * on by default`, `= note: `-W clippy::doc-markdown` implied by `-W clippy::pedantic``): the name to allow it by.
 */
const LINT_NAME_NOTE = /^\s*= note: `(?:#\[(?:warn|deny)\([\w:]+\)\]`(?: \(part of `[^`]+`\))? on by default|-[WD] [\w:-]+` implied by )/;
/** Up to this many warnings, each lint's name is kept under its first warning. */
const MAX_WARNINGS_NAMING_LINTS = 100;
/** gcc/clang notes name the other location a warning is about (`length computed here`). */
const NOTE_LINE = /^\S+?:\d+(?::\d+)?: note: /;

export default defineDistiller({
  id: "build",
  collapse: "build",
  programs: [
    "make",
    "cmake",
    "ninja",
    "gfortran",
    "gcc",
    "g++",
    "cc",
    "c++",
    "clang",
    "clang++",
    "rustc",
    "tsc",
    "webpack",
    "rollup",
    "esbuild",
    "vite",
    "parcel",
    "swc",
    "babel",
    "pip",
    "pip3",
    "ruff",
    "mypy",
    "pyright",
    "black",
    "flake8",
    "pylint",
    "rake",
    "rubocop",
    "bundle",
    "shellcheck",
    "cppcheck",
    "clang-tidy",
    "clang-format",
    "golangci-lint",
    "staticcheck",
    "phpstan",
    "psalm",
    "phpcs",
    "perlcritic",
    "yamllint",
    "actionlint",
    "ktlint",
    "detekt",
    "swiftlint",
    "pycodestyle",
    "pydocstyle",
    "bandit-lint",
    "isort",
    "scalac",
    "ghc",
    "ocamlfind",
    "dune",
    "elm",
    "valac",
    "dotnet",
    "swift",
    "xcodebuild",
    "bazel",
    "buck",
    "pants",
    "nx",
    "turbo",
    "meson",
    "scons",
    "configure",
    "go",
  ],
  declined: "not recognised",
  describe:
    "Builds and analysers (cargo, tsc, gcc/make, cmake, go, webpack, vite, esbuild, rollup, pip, clang-tidy, cppcheck, rubocop, shellcheck): every error block, every warning's location and message, the tool's verdict and report.",
  // Safe on failed runs: only when every error block is kept and the tool's own error count agrees.
  distillsFailedRuns: true,
  distill({ text, failed }) {
    const lines = toToolLines(text);
    const shellcheck = shellcheckFindings(lines);
    if (shellcheck) return withSameAs(renderPieces(lines, shellcheck));
    const phpcs = phpcsFindings(lines);
    if (phpcs) return withSameAs(renderPieces(lines, phpcs));
    const ruff = ruffConcise(lines);
    if (ruff) return `${foldRepeatedFindings(ruff).join("\n")}\n`;
    // A linter's flat list (flake8, pylint, pycodestyle, mypy): every line kept, repeats pointing back.
    if (isFindingsList(lines)) return sameAsOrNull(lines.raw);
    const diagnostics = findDiagnostics(lines);
    const errors = diagnostics.filter((d) => d.severity === "error");
    const warnings = diagnostics.filter((d) => d.severity === "warning");
    // A failed run with no error block is not read, unless it is a linter that failed because of
    // its findings and said so in its own count: then every finding is kept, one line each.
    if (failed && errors.length === 0 && !(warnings.length > 0 && lines.plain.some(isFindingsTally))) return null;
    if (!countsAgree(lines.plain, errors.length)) return null;

    const wall = errors.length >= MIN_FOLDED_FINDINGS;
    const pieces: Piece[] = [...errors.map((d) => block(lines, d, wall)), ...warningLines(lines, warnings)];
    let verdicts = 0;
    lines.plain.forEach((line, i) => {
      if (isSuccessVerdict(line) || isReportRow(line)) verdicts++;
      if (isSuccessVerdict(line) || isReportRow(line) || isFailureSummary(line) || isFindingsTally(line) || SCRIPT_BANNER.test(line))
        pieces.push({ at: i, lines: [lines.raw[i]!] });
    });
    pieces.push(
      ...fewCompiled(lines),
      ...lastLink(lines),
      ...cmakeNotices(lines),
      ...autoconfMessages(lines),
      ...compileDbNotice(lines),
      ...strayWarnings(lines, diagnostics),
      ...crashSites(lines),
      ...tapWrapperVerdicts(lines.plain).map((i) => ({ at: i, lines: [lines.raw[i]!] })),
    );
    const epilogue = configureEpilogue(lines);
    if (epilogue) pieces.push(epilogue);
    if (diagnostics.length === 0 && verdicts === 0) return null;
    return withSameAs(renderPieces(lines, pieces));
  },
});

/** One `path:line[:col]: message` finding per line for most of the output's lines, and enough of them to fold. */
function isFindingsList(lines: ToolLines): boolean {
  const filled = lines.plain.filter((line) => line.trim() !== "");
  const findings = filled.filter(isFinding).length;
  return findings >= MIN_FOLDED_FINDINGS && findings * 10 >= filled.length * 8;
}

function withSameAs(text: string): string {
  return foldRepeatedFindings(text.split("\n")).join("\n");
}

/** The whole list with its repeats pointing back, or null when nothing repeats. */
function sameAsOrNull(raw: string[]): string | null {
  const folded = foldRepeatedFindings(raw);
  return folded.some((line, i) => line !== raw[i]) ? `${folded.join("\n")}\n` : null;
}

/** A compiler's `file:line[:col]: error: message` (gcc, clang, javac): the block's own line. */
const LOCATED_ERROR = /^\S+?:\d+(?::\d+)?: (?:fatal )?error: /;
/** rustc's error headline (`error: bound is defined in more than one place`, `error[E0308]: mismatched types`). */
const RUST_HEADLINE = /^error(?:\[E\d+\])?: /;
/** A gap in rustc's quoted source (`...`) and a suggested rewrite's removed and added lines (`3653 -             let x`). */
const RUST_EXCERPT = /^\s*\.\.\.$|^\s*\d+ [-+~](?:\s|$)/;
const RUST_DOCS_LINK = /^\s*= help: for further information visit \S+$/;
/** A JavaScript stack frame (`    at long (/src/node_modules/git-rev-sync/index.js:109:31)`). */
const STACK_FRAME = /^\s+at /;
/** The caret line under a quoted source line (javac, old gcc), and gcc's numbered excerpt (`  12 |   code`, `     |   ^~~`). */
const CARETS = /^\s*\^[~^]*\s*$/;
const GCC_EXCERPT = /^\s*\d*\s+\|(?:\s.*)?$/;

/** gcc's chain of template instantiations (`file:line:col:   required from …`) and of includes (`In file included from …`, `from …`). */
const CHAINS = [REQUIRED_FROM, INCLUDE_CHAIN];

/** A link in the system's own headers (`/usr/include/fmt/core.h:1777:29:   required from …`): never the project's. */
const SYSTEM_LINK = /^\s*(?:from\s+)?\/(?:usr|opt)\//;
/** Links of the project's own headers kept inside one chain, past its first and last. */
const MAX_OWN_LINKS = 3;

/**
 * The lines inside each chain of a block that go: the first link says where the chain starts, the
 * last where the project comes in (`sample3_unittest.cc:124:11:   required from here`); in a chain
 * of instantiations, the few links just before the last that are the project's own code
 * (`include/spdlog/logger.h:279:12:   required from …`) say how it got there and stay too, but
 * not in a wall of errors, where each error's location and message are the answer.
 */
function chainMiddles(plain: string[], from: number, to: number, inWall: boolean): Set<number> {
  const middles = new Set<number>();
  for (const link of CHAINS)
    for (let i = from; i < to; i++) {
      if (!link.test(plain[i]!)) continue;
      let end = i;
      while (end + 1 < to && link.test(plain[end + 1]!)) end++;
      // Counted from the project's end of the chain: the calls nearest its own code say the most.
      let own = link === REQUIRED_FROM && !inWall ? 0 : MAX_OWN_LINKS;
      for (let k = end - 1; k > i; k--) {
        if (!SYSTEM_LINK.test(plain[k]!) && own < MAX_OWN_LINKS) own++;
        else middles.add(k);
      }
      i = end;
    }
  return middles;
}

function block(lines: ToolLines, diagnostic: Diagnostic, cutExcerpts: boolean): Piece {
  const { plain } = lines;
  const excerpt = new Set<number>();
  // In a wall of errors the location and message are the answer: the quoted source and its carets go.
  // The block's own error line, past any `In file included from …` preamble.
  let head = diagnostic.from;
  while (head < diagnostic.to - 1 && !LOCATED_ERROR.test(plain[head]!) && COMPILER_PREAMBLE.test(plain[head]!)) head++;
  const fortran = FORTRAN_LOCATION.test(plain[head]!);
  if (cutExcerpts && (LOCATED_ERROR.test(plain[head]!) || fortran))
    for (let k = head + 1; k < diagnostic.to; k++) {
      if (fortran && plain[k]!.trim() === "") excerpt.add(k);
      if (carriesFailure(plain[k]!)) continue;
      if (GCC_EXCERPT.test(plain[k]!) || CARETS.test(plain[k]!)) excerpt.add(k);
      else if (CARETS.test(plain[k + 1] ?? "") && k + 1 < diagnostic.to) excerpt.add(k);
    }
  // rustc's and clippy's: the headline and its `-->` line; the quoted source, its `...` gaps, the
  // suggested rewrite's `3653 -`/`3653 +` lines and the lint's docs link go.
  if (cutExcerpts && RUST_HEADLINE.test(plain[head]!) && RUST_LOCATION.test(plain[head + 1] ?? ""))
    for (let k = head + 2; k < diagnostic.to; k++)
      if (GCC_EXCERPT.test(plain[k]!) || RUST_EXCERPT.test(plain[k]!) || RUST_DOCS_LINK.test(plain[k]!)) excerpt.add(k);
  const middles = chainMiddles(plain, diagnostic.from, diagnostic.to, cutExcerpts);
  // Where it was thrown: the stack's first frame past the runtime's, even inside a package
  // (`git-rev-sync/index.js:109:31`), when the project's own code called in below it.
  const frames = plain.slice(diagnostic.from, diagnostic.to);
  const first = frames.findIndex((line) => STACK_FRAME.test(line) && !isRuntimeFrame(line));
  const thrown = first !== -1 && frames.some((line, k) => k > first && STACK_FRAME.test(line) && !isToolFrame(line)) ? first : -1;
  const body = lines.raw
    .slice(diagnostic.from, diagnostic.to)
    .filter(
      (_, k) =>
        (k === thrown || !isToolFrame(plain[diagnostic.from + k]!)) &&
        !excerpt.has(diagnostic.from + k) &&
        !middles.has(diagnostic.from + k),
    );
  return { at: diagnostic.from, lines: trimBlank(body) };
}

/**
 * Every warning as one line (two for rustc: the message and its `-->` location), in the order
 * printed. With warnings in more than one file, each file's run starts with its count.
 */
function warningLines(lines: ToolLines, warnings: Diagnostic[]): Piece[] {
  // In a wall of warnings the findings come first: their lint names would push findings out of the reply.
  const lintNames = warnings.length <= MAX_WARNINGS_NAMING_LINTS;
  const heads = warnings.map((d) => {
    // The finding's own line: past any `In function …` preamble, the first located or `warning` line.
    let at = d.from;
    while (
      at < d.to - 1 &&
      !FILE_OF.test(lines.plain[at]!) &&
      !/^warning\b/i.test(lines.plain[at]!) &&
      !CMAKE_HEAD.test(lines.plain[at]!) &&
      !UNLOCATED_WARNING.test(lines.plain[at]!) &&
      !ROLLUP_HEAD.test(lines.plain[at]!)
    )
      at++;
    const kept = [at];
    // gfortran's place is its own line above the quoted source; its message closes the block.
    // gfortran's place is its own line above the quoted source and its message closes the block: one line for both, as gcc prints them.
    if (FORTRAN_LOCATION.test(lines.plain[d.from]!)) {
      const joined = fortranPairs(lines.plain, d.from, d.to).map(([place, message]) => `${lines.raw[place]!} ${lines.raw[message]!}`);
      return { at: d.from, kept: [], joined, file: FORTRAN_LOCATION.exec(lines.plain[d.from]!)![1]! };
    }
    // rollup's message is the paragraphs under its head (the quoted comment, `in "file" contains …`, the location, a cycle's path).
    // Of its excerpt, the line the caret points at is where the warning is (`17: }(this, function () {`).
    if (ROLLUP_HEAD.test(lines.plain[at]!))
      for (let k = at + 1; k < d.to && kept.length < MAX_ROLLUP_LINES; k++)
        if (lines.plain[k]!.trim() !== "" && !ROLLUP_EXCERPT.test(lines.plain[k]!)) kept.push(k);
        else if (ROLLUP_CARET.test(lines.plain[k]!) && /^\s*\d+: /.test(lines.plain[k - 1]!)) kept.push(k - 1);
    const location = lines.plain.slice(at + 1, d.to).findIndex((line) => RUST_LOCATION.test(line));
    if (location !== -1) kept.push(at + 1 + location);
    const notes: number[] = [];
    for (let k = at + 1; k < d.to; k++)
      if (NOTE_LINE.test(lines.plain[k]!)) notes.push(k);
      else if (lintNames && LINT_NAME_NOTE.test(lines.plain[k]!)) kept.push(k);
    // In a wall of warnings each keeps its first and last note: clang-tidy's cognitive-complexity
    // finding lists every `note: +1, including nesting penalty` it counted, and the analyser's path
    // (`note: Assuming 'mc' is not equal to NULL`) ends where it breaks.
    kept.push(...(lintNames || notes.length <= 2 ? notes : [notes[0]!, notes.at(-1)!]));
    // GHC names only the flag on the located line (`warning: [-Wunused-imports]`): the message is the next line.
    // So does CMake (`CMake Warning (dev) at verify/CMakeLists.txt:32 (GET_TARGET_PROPERTY):`, then `  Policy CMP0026 is not set…`),
    // with the names and locations it quotes deeper under that line.
    if (CMAKE_HEAD.test(lines.plain[at]!)) kept.push(...cmakeMessage(lines, at + 1, d.to));
    else if (BARE_HEAD.test(lines.plain[at]!) && at + 1 < d.to && /^\s+\S/.test(lines.plain[at + 1]!)) kept.push(at + 1);
    kept.sort((a, b) => a - b);
    const file =
      RUST_LOCATION.exec(lines.plain[kept.at(-1)!]!)?.[1] ??
      FILE_OF.exec(lines.plain[at]!)?.[1] ??
      CMAKE_HEAD.exec(lines.plain[at]!)?.[1] ??
      null;
    return { at, kept, joined: null as string[] | null, file };
  });
  const perFile = new Map<string | null, number>();
  for (const head of heads) perFile.set(head.file, (perFile.get(head.file) ?? 0) + 1);
  const grouped = perFile.size > 1;
  return heads.map((head, k) => {
    const opensFile = grouped && head.file !== null && (k === 0 || heads[k - 1]!.file !== head.file);
    const count = perFile.get(head.file)!;
    const header = opensFile ? [`[${head.file}: ${count} warning${count === 1 ? "" : "s"}]`] : [];
    return { at: head.at, lines: [...header, ...(head.joined ?? head.kept.map((i) => lines.raw[i]!))] };
  });
}

/** The names and locations a CMake warning quotes under its message, at most this many. */
const MAX_CMAKE_QUOTED_LINES = 10;

/**
 * A CMake warning's message: its first line, and the lines it quotes indented deeper, which name
 * what it means (`  Manually-specified variables were not used by the project:`, then
 * `    SNAPPY_USE_BUNDLED_GTEST`; `  A logical block opening on the line`, then `    CMakeLists.txt:83 (if)`).
 * A policy's explanation, at the message's own depth, goes.
 */
function cmakeMessage(lines: ToolLines, from: number, to: number): number[] {
  const first = lines.plain.slice(from, to).findIndex((line) => /^\s+\S/.test(line));
  if (first === -1) return [];
  const depth = indentOf(lines.plain[from + first]!);
  const quoted: number[] = [];
  for (let k = from + first + 1; k < to && quoted.length < MAX_CMAKE_QUOTED_LINES; k++)
    if (lines.plain[k]!.trim() !== "" && indentOf(lines.plain[k]!) > depth) quoted.push(k);
  return [from + first, ...quoted];
}
