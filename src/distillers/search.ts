/**
 * Search results (grep, rg, ag, the host's Grep tool in content mode): `path:line:text` or
 * `path:text` lines. The paths are the answer, so every file is kept and every kept line is
 * verbatim (its `path:line` stays usable); only a file with many matches is shortened, to its
 * first few matches and a count of the rest.
 */
import { carriesFailure } from "../base/failure.ts";
import { splitLines, stripAnsi } from "../base/lines.ts";
import { moreMatchesMarker } from "../base/markers.ts";
import { defineDistiller } from "./types.ts";

/** Shorter results are read whole: there is nothing to gain that a marker would not cost. */
const MIN_RESULT_LINES = 20;
/** Every file shows at least this many matches before the rest are counted. */
const MIN_MATCHES_SHOWN_PER_FILE = 5;
/**
 * Match lines shown in all, shared between the files. A search of one file is a targeted
 * question whose matches are the answer (`grep -n "^pub struct" lib.rs`), so few files each
 * show more; a sweep over many files shows the first five of each.
 */
const MATCH_LINES_SHOWN = 40;

/**
 * How many matches each file shows, given each file's match count: an even share of the budget,
 * at least five, and the share a file with fewer matches leaves unused goes to the others (30
 * matches in four files, 23 of them in one, are shown whole).
 */
export function matchesShownPerFile(sizes: readonly number[]): number {
  let cap = Math.max(MIN_MATCHES_SHOWN_PER_FILE, Math.floor(MATCH_LINES_SHOWN / Math.max(1, sizes.length)));
  const largest = Math.max(0, ...sizes);
  const shownWith = (limit: number) => sizes.reduce((sum, size) => sum + Math.min(size, limit), 0);
  while (cap < largest && shownWith(cap + 1) <= MATCH_LINES_SHOWN) cap++;
  return cap;
}
/** A result where more than this share of lines is not a match line is not a search result. */
const MAX_UNPARSED_SHARE = 0.1;

const WITH_LINE_NUMBER = /^(.+?):\d+:/;
/**
 * A linter's or compiler's finding (flake8 codes, rubocop letters, gcc/sparse severities, GNAT's `(style)`,
 * perlcritic's severity, markdownlint's rule ids, staticcheck's check id at the end, go vet's `x.go:40:4: msg`), or the linker's
 * (`tester.cc:365: undefined reference to …`, `/usr/bin/ld: x.o: in function …`), not a match.
 */
const LINTER_FINDING =
  /^\S+:\d+(?::\d+)?: (?:[A-Z]+\d{2,4}\b|[CRWEF]: |(?:fatal )?(?:warning|error|note): |\((?:style|info|warning)\) |undefined reference to |multiple definition of )|\(Severity: \d\)$|^\S+:\d+(?::\d+)? MD\d{3}\/[\w-]+ |^\S+:\d+:\d+: .* \([A-Z]{1,2}\d{4}\)$|^\S*\bld(?:\.\w+)?: |^\S+\.go:\d+:\d+: /;
const BARE_LINE_NUMBER = /^\d+:/;
const WITH_PATH = /^([^\s:][^:]*):/;
const BINARY_MATCH = /^(?:Binary file (.+) matches|(.+): binary file matches.*)$/;

/** Each parser returns the file a line names ("" for a single-file result), or null. */
type Parser = (line: string) => string | null;

const PARSERS: Parser[] = [
  (line) => pathIfPlausible(WITH_LINE_NUMBER.exec(line)?.[1]),
  (line) => (BARE_LINE_NUMBER.test(line) ? "" : null),
  // `path::name` is a test id (pytest's `tests/test_a.py::test_b PASSED`), not `path:` and a match.
  (line) => (/^[^\s:][^:]*::/.test(line) ? null : pathIfPlausible(WITH_PATH.exec(line)?.[1])),
];

/**
 * grep -n on one file numbers its matches in order: the same number again, or a smaller one, is
 * some other prefix (`ctest -V` writes the test's number before each of its lines).
 */
function numberedInOrder(lines: string[]): boolean {
  let last = 0;
  for (const line of lines) {
    const number = /^(\d+):/.exec(line)?.[1];
    if (number === undefined) continue;
    if (Number(number) <= last) return false;
    last = Number(number);
  }
  return true;
}

/**
 * A file name has no whitespace and reads like a path (a slash or an extension). Without the
 * whitespace rule a log line's timestamp (`[30/Nov/2026 04:56:49]`) parses as `path:line:`.
 */
function pathIfPlausible(candidate: string | undefined): string | null {
  if (candidate === undefined || /\s/.test(candidate)) return null;
  return candidate.includes("/") || /\.[A-Za-z0-9]+$/.test(candidate) ? candidate : null;
}

/** Pick the one line shape the whole result uses; a result mixing shapes is not recognised. */
function parseAll(lines: string[]): (string | null)[] | null {
  const other = (line: string) => line.trim() === "" || BINARY_MATCH.test(line);
  for (const parser of PARSERS) {
    if (parser === PARSERS[1] && !numberedInOrder(lines)) continue;
    const paths = lines.map((line) => (other(line) ? null : parser(line)));
    const unparsed = paths.filter((path, i) => path === null && !other(lines[i]!)).length;
    if (unparsed <= lines.length * MAX_UNPARSED_SHARE && paths.some((path) => path !== null)) return paths;
  }
  return null;
}

export default defineDistiller({
  id: "search",
  collapse: null,
  programs: ["grep", "rg", "ag", "egrep", "fgrep"],
  declined: "not recognised",
  describe: "grep/rg/ag and Grep-tool matches: every file kept, each file's matches cut to the first few with a count of the rest.",
  distill({ text }) {
    // `--color=always` output: the escapes would hide the `path:line:` shape.
    const lines = splitLines(stripAnsi(text));
    if (lines.length < MIN_RESULT_LINES) return null;
    // `--` separates context groups (-A/-B/-C); context lines cannot be told from matches safely.
    if (lines.some((line) => line === "--")) return null;
    // A linter's report (`path:line:col: E402 …`, `path:line:col: C0114: …`) has the shape of a
    // match list, but every line is a finding the reader needs: not a search result.
    if (lines.filter((line) => LINTER_FINDING.test(line)).length * 2 > lines.length) return null;
    const paths = parseAll(lines);
    if (!paths) return null;

    const groups = new Map<string, number[]>();
    paths.forEach((path, i) => {
      if (path === null) return;
      const indices = groups.get(path) ?? [];
      indices.push(i);
      groups.set(path, indices);
    });

    // Per file: which matches stay, and after which line the count of the rest goes.
    const perFile = matchesShownPerFile([...groups.values()].map((indices) => indices.length));
    const dropped = new Set<number>();
    const countAfter = new Map<number, number>();
    for (const indices of groups.values()) {
      // Replacing a single match with a line that counts it would save nothing.
      if (indices.length <= perFile + 1) continue;
      // A failure line is never dropped (the fidelity rule), so it stays however far down it is.
      const shown = indices.filter((index, n) => n < perFile || carriesFailure(lines[index]!));
      const shownSet = new Set(shown);
      const hidden = indices.filter((index) => !shownSet.has(index));
      hidden.forEach((index) => dropped.add(index));
      countAfter.set(shown[shown.length - 1]!, hidden.length);
    }
    if (dropped.size === 0) return null;

    const matches = paths.filter((path) => path !== null).length;
    const files = groups.size;
    const out = [`search: ${matches} matches in ${files} file${files === 1 ? "" : "s"}`];
    lines.forEach((line, i) => {
      if (dropped.has(i)) return;
      out.push(line);
      const more = countAfter.get(i);
      if (more) out.push(moreMatchesMarker(more));
    });
    return out.join("\n") + "\n";
  },
});
