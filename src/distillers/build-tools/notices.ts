/**
 * Lines a build log states besides its diagnostic blocks, each the answer to a question an agent
 * asks of a build: a bundler's warning written as a sentence, where a process died mid-run,
 * what a CMake configure found missing or said of the project, the few objects a rebuild compiled,
 * the last link a make ran, and configure's last word.
 */
import type { Diagnostic } from "./diagnostics.ts";
import { isFailureSummary, isFindingsTally } from "./summaries.ts";
import { linePieces, type Piece, type ToolLines, trimBlank } from "../shared/pieces.ts";

/**
 * A warning a bundler writes as a sentence, with no `warning:` head (vite's `Entry module "src/index.ts"
 * is using named and default exports together. … to disable this warning.`): outside every block, at most this many.
 */
const STRAY_WARNING = /\bwarn(?:ings?)?\b/i;
/** Lines that name warnings without being one: configure's probes (`checking for C compiler option to allow warnings...`), webpack's timings (`<t> report … warnings: 3.7 ms`). */
const NOT_A_WARNING = /^(?:(?:configure: )?checking |<t> )/;
const MAX_STRAY_WARNINGS = 10;

export function strayWarnings(lines: ToolLines, diagnostics: Diagnostic[]): Piece[] {
  const inBlock = (i: number) => diagnostics.some((d) => i >= d.from && i < d.to);
  return linePieces(
    lines,
    (line, i) =>
      STRAY_WARNING.test(line) &&
      !NOT_A_WARNING.test(line) &&
      !/^\s/.test(line) &&
      !inBlock(i) &&
      !isFailureSummary(line) &&
      !isFindingsTally(line),
    MAX_STRAY_WARNINGS,
  );
}

/** Where node stopped on an uncaught error: `index.js:89`, the source line, a caret under it. */
const CRASH_LOCATION = /^(?:\/|\.{1,2}\/)?[\w./@-]+\.(?:[cm]?js|[cm]?ts|jsx|tsx):\d+$/;
const CARET_LINE = /^\s*\^+\s*$/;
/** A TAP stream's heading for the test that was running (`# sanitizes object string`), right above the crash. */
const TAP_HEADING = /^# \S/;

/** A process that died on an uncaught error mid-run (a test script under tape): where, and in which test. */
export function crashSites(lines: ToolLines): Piece[] {
  return lines.plain.flatMap((line, i) => {
    if (!CRASH_LOCATION.test(line) || !CARET_LINE.test(lines.plain[i + 2] ?? "")) return [];
    const heading = i > 0 && TAP_HEADING.test(lines.plain[i - 1]!) ? [{ at: i - 1, lines: [lines.raw[i - 1]!] }] : [];
    return [...heading, { at: i, lines: lines.raw.slice(i, i + 3) }];
  });
}

/** A CMake configure run (`-- Configuring done`, `-- Build files have been written to: …`). */
const CMAKE_CONFIGURED = /^-- (?:Configuring (?:done|incomplete)|Build files have been written to: )/;
/** What a configure found missing or turned off: `-- Could NOT find Doxygen`, a project's `!! doxygen not found, not generating documentation`. */
const CMAKE_NOTICE = /\bnot found\b|\bCould NOT find\b|\bmissing\b|\bdisabled\b|\bnot (?:building|generating|installing)\b/i;

/**
 * CMake's own progress in a configure: the compiler checks, a probe's start and its positive result
 * (`-- Looking for log2 - found`, `-- Performing Test X - Success`, `-- Found PkgConfig: …`). Every
 * other `-- ` line is the project's own message (`-- Build type is 'Release'`) or a check that came
 * back empty, and stays.
 */
const CMAKE_CHATTER =
  /^-- (?:The \w+ compiler identification is |Detecting \w+ compile|Check for working \w+ compiler|(?:Looking for|Performing Test|Check if|Check size of|Checking whether) [^-]*(?: - (?:found|Success|done|yes))?$|Found \S+: |Found \S+$|Configuring done|Generating done|Build files have been written to: )/;

export function cmakeNotices(lines: ToolLines): Piece[] {
  if (!lines.plain.some((line) => CMAKE_CONFIGURED.test(line))) return [];
  return linePieces(
    lines,
    (line) => (CMAKE_NOTICE.test(line) && !/^\s/.test(line)) || (line.startsWith("-- ") && !CMAKE_CHATTER.test(line)),
  );
}

/** A clang tool's report that it found no compilation database, and why (`Could not auto-detect compilation database from directory "build"`). */
const COMPILE_DB_ERROR = /^Error while trying to load a compilation database:$/;
/** The tool's last word on it, after which its own diagnostics begin. */
const COMPILE_DB_END = /^Running without flags\.$/;
const MAX_COMPILE_DB_LINES = 8;

/** Why a clang tool ran without the project's flags: the cause of every `file not found` that follows. */
export function compileDbNotice(lines: ToolLines): Piece[] {
  const at = lines.plain.findIndex((line) => COMPILE_DB_ERROR.test(line));
  if (at === -1) return [];
  const end = lines.plain.findIndex((line, i) => i > at && COMPILE_DB_END.test(line));
  const last = end === -1 || end - at > MAX_COMPILE_DB_LINES ? at + 1 : end;
  return [{ at, lines: lines.raw.slice(at, last + 1) }];
}

/** autoconf's probes, and its own bookkeeping (`config.status: creating Makefile`, libtool's `appending configuration tag "CXX" to libtool`). */
const AUTOCONF_CHATTER =
  /^(?:(?:\(cached\) )*checking |config\.status: |configure: (?:creating|loading|updating) |appending configuration tag |=== configuring in |configure: running )/;
/** Probes an autoconf run prints, at least, before it counts as one. */
const MIN_AUTOCONF_PROBES = 10;
/** The project's own lines among the probes kept, at most. */
const MAX_AUTOCONF_MESSAGES = 20;

/**
 * An autoconf `./configure`'s lines that are not its probes: the project's own messages among them
 * (`++++++++++ Enabling automated(XML) mode compilation`, `RDRAND Hardware RNG Hash Seed disabled.
 * Use --enable-rdrand to enable`), as CMake's `-- ` lines of the project's own are kept. What it
 * prints after config.status is the epilogue, kept on its own.
 */
export function autoconfMessages(lines: ToolLines): Piece[] {
  const { plain } = lines;
  if (plain.filter((line) => line.startsWith("checking ")).length < MIN_AUTOCONF_PROBES) return [];
  const end = plain.findLastIndex((line) => line.startsWith("config.status: "));
  return linePieces(
    lines,
    (line, at) => (end === -1 || at < end) && line.trim() !== "" && !/^\s/.test(line) && !AUTOCONF_CHATTER.test(line),
    MAX_AUTOCONF_MESSAGES,
  );
}

/** cmake's, ninja's and automake's line for one object compiled (`[  1%] Building C object CMakeFiles/jansson.dir/src/dump.c.o`, `  CC       src/a.lo`). */
const COMPILED = /^\[(?:\s*\d+%|\d+\/\d+)\] Building \w+ object \S|^\s+(?:CC|CXX)\s+\S+\.l?o$/;
/** A build that compiled this few objects was a rebuild after an edit: which ones it recompiled is the answer. */
const MAX_COMPILED_LISTED = 3;

export function fewCompiled(lines: ToolLines): Piece[] {
  const compiled = lines.plain.flatMap((line, i) => (COMPILED.test(line) ? [i] : []));
  return compiled.length > MAX_COMPILED_LISTED ? [] : compiled.map((i) => ({ at: i, lines: [lines.raw[i]!] }));
}

/** A compiler driver run to link, not to compile: no `-c`, and an output that is not an object (`cc -shared -o cjson.so a.o b.o`). */
const LINK_COMMAND =
  /^(?:env\s+)?(?:\S*\/)?(?:cc|gcc|g\+\+|c\+\+|clang|clang\+\+)(?:-\d+)?\s(?!.*\s-c(?:\s|$)).*\s-o\s*\S+(?<!\.o)(?:\s|$)/;

/** The last link a plain make ran: what the build made, and the sign it got that far. */
export function lastLink(lines: ToolLines): Piece[] {
  const last = lines.plain.findLastIndex((line) => LINK_COMMAND.test(line));
  return last === -1 ? [] : [{ at: last, lines: [lines.raw[last]!] }];
}

/** configure's last word after config.status wrote the files: a project's summary, or its advice (`re-run with: --prefix=/usr`). */
const CONFIG_STATUS = /^config\.status: (?:creating|executing) /;
const MAX_EPILOGUE_LINES = 80;

export function configureEpilogue(lines: ToolLines): Piece | null {
  const last = lines.plain.findLastIndex((line) => CONFIG_STATUS.test(line));
  if (last === -1) return null;
  const rest = trimBlank(lines.raw.slice(last + 1));
  if (rest.length === 0 || rest.length > MAX_EPILOGUE_LINES) return null;
  return { at: lines.raw.indexOf(rest[0]!, last + 1), lines: rest };
}
