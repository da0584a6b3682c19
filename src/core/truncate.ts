/**
 * The final cap: past it the middle of the reply is elided with a marker, archiving the elided
 * part first so the marker can carry a handle. make's lines naming a target that failed, then the
 * lines of the middle that state a failure, then
 * the headings that name a numbered failure, then the lines that only name a location (a Python
 * frame in the project's code, with its code line), then a linter's error-class findings, then those that
 * state a warning, stay (after the marker, in order) while they fit in half of the head's room (a
 * linter's error-class findings in three quarters of it: on a lint run they are the answer): a cut
 * reply still names every failure it can. The marker says which files and rule codes the
 * dropped lines name (cut-description.ts). When the part cannot be archived the reply goes on
 * uncut: an omission without a handle would lose those bytes.
 */
import { carriesFailure } from "../base/failure.ts";
import { byteLength, splitInclusive, stripAnsi } from "../base/lines.ts";
import { truncatedBytesMarker, truncatedLinesMarker } from "../base/markers.ts";
import { PHPCS_FILE_HEADING } from "../base/same-as.ts";
import { FILE_LINE } from "../base/text-paths.ts";
import { describeDropped, MAX_DESCRIPTION_BYTES } from "./cut-description.ts";

/** Archives a block and returns its handle, or null when it could not be stored. */
export type Archiver = (content: string, wholeBytes: number) => string | null;

/**
 * A warning's line (`warning:`, rubocop's `W:`, pylint's `W0612:`, perlcritic's `(Severity: 4)`,
 * and the pyflakes findings flake8 prints about code that runs: `F401 imported but unused`,
 * `F841 local variable … never used`): kept after the failures, before pycodestyle's style.
 */
const WARNING = /\bwarn(?:ing)?s?\b|^\S+:\d+(?::\d+)?: (?:W(?:\d{3,4})?: |F\d{3} )|\(Severity: 4\)$/i;

/**
 * A numbered failure's heading, which names the failing test (PHPUnit's and JUnit 4's
 * `12) testName(pkg.Class)`, mocha's and rspec's `3) suite name`): kept right after the failure lines.
 */
const NUMBERED_HEADER = /^\d+\) \S/;
/**
 * A linter's error-class finding, kept before the warnings: pylint's `E0102:`, rubocop's `E:`/`F:`,
 * and the pyflakes codes flake8 and ruff print for code that cannot run (`F821 undefined name`,
 * syntax errors `E9xx`, `F63x`, `F7xx`), unlike pycodestyle's `E501`, which is style; and
 * perlcritic's most severe policies, `(Severity: 5)`; and an error under a file's heading in
 * ESLint's stylish report (`49:31  error  'Element' is not defined  no-undef`), a rule's rarest first.
 */
const ERROR_FINDING =
  /^\S+:\d+(?::\d+)?: (?:[EF](?:\d{3,4})?: |(?:E9\d\d|F63\d|F7\d\d|F82\d) )|\(Severity: 5\)$|\bSC\d{4} \(error\): |^\d+:\d+\s+error\s+(?!\(same as )\S/;
/**
 * A pylint finding of a class below error (`W0707:`, `C0103:`, `R1705:`, `I0011:`): its code ranks
 * it, though its message may quote a failure's words (`raise AssertionError(…) from exc`).
 */
const LESSER_FINDING = /^\S+:\d+(?::\d+)?: [CIRW]\d{4}: /;
/** shellcheck's tty format names a finding's line on a heading above its carets (`In dehydrated line 1086:`): kept with the finding. */
const SHELLCHECK_HEADING = /^In \S+ line \d+:$/;
const SHELLCHECK_FINDING = /\bSC\d{4} \((?:error|warning|info|style)\): /;

/**
 * A line that is only a location, where a runner says which line of the test failed (PHPUnit's
 * `/src/tests/SlugTest.php:78`, vitest's `❯ test/patch/apply.js:706:46`, rustc's `--> src/a.rs:3:9`);
 * a dependency's or the runtime's own frame is not the answer.
 */
const BARE_LOCATION = /^(?:❯\s+|-->\s+|at\s+)?[^\s()]+:\d+(?::\d+)?$/;
const FOREIGN_FRAME = /\bnode_modules\/|^(?:at\s+)?node:|\/vendor\//;
/**
 * A Python traceback's frame in the project's code (`File "/src/app.py", line 1082, in follow`), kept
 * with the code line under it (`raise WADLError(…)`): where the exception came from. The standard
 * library's, an installed package's, a doctest example's and a frozen module's frames are not.
 */
const PYTHON_FRAME = /^File "[^"<]+", line \d+, in \S+$/;
const FOREIGN_PYTHON_FRAME = /^File "(?:[^"]*\/lib\/python[\d.]*\/|[^"]*\/(?:site|dist)-packages\/)/;

/** Room left for the marker line. */
const MARKER_ROOM_BYTES = 200;

/** `tailShare`: the part of the cap the tail may take. */
/** A finding that points back at the first one with its message (`  39:8, 89:3  error  (same as 16:8)`): a repeat, whatever its shape. */
const SAME_AS_POINTER = /\(same as \d+(?::\d+)?\)$/;
/** A rule in front of a message's lines (`│ `): what it frames is tested, not the frame. */
const RULED = /^│\s*/;

export function capOutput(text: string, capBytes: number, archive: Archiver, tailShare = 1 / 5): string {
  const total = byteLength(text);
  if (total <= capBytes) return text;
  const lines = splitInclusive(text);
  const sizes = lines.map(byteLength);
  const tailBudget = Math.floor(capBytes * tailShare);
  const budget = capBytes - tailBudget - MARKER_ROOM_BYTES;
  let tail = lines.length;
  let tailBytes = 0;
  while (tail > 0 && tailBytes + sizes[tail - 1]! <= tailBudget) tailBytes += sizes[--tail]!;
  // The lines as tested (escape codes out, trimmed, past a rule that frames a message like
  // PHPUnit testdox's `   │ path/Uri.php:85`), once: on a megabyte reply each copy counts.
  const plain = lines.slice(0, tail).map((line) => stripAnsi(line).trim().replace(RULED, ""));
  let cut = planCut(lines, plain, sizes, tail, budget);
  // When the dropped lines name files or rule codes, the marker lists them: the head gives up that room.
  const aboutRoom = Math.min(MAX_DESCRIPTION_BYTES, Math.floor(capBytes / 20));
  let about = describeDropped(cut.dropped, aboutRoom);
  if (about !== null) {
    cut = planCut(lines, plain, sizes, tail, budget - aboutRoom);
    about = describeDropped(cut.dropped, aboutRoom);
  }
  const { head, middle } = cut;
  if (head === 0 || tail >= lines.length) {
    // No usable line structure: cut by bytes.
    const keptText = Buffer.from(text, "utf8")
      .subarray(0, capBytes - MARKER_ROOM_BYTES)
      .toString("utf8")
      .replace(/\uFFFD$/, "");
    const elided = text.slice(keptText.length);
    const handle = archive(elided, total);
    if (handle === null) return text;
    return keptText + truncatedBytesMarker(byteLength(keptText), total, handle);
  }
  const elided = lines.slice(head, tail).join("");
  const handle = archive(elided, total);
  if (handle === null) return text;
  const kept = head + middle.length + (lines.length - tail);
  const marker = truncatedLinesMarker(kept, lines.length, tail - head - middle.length, handle, about);
  return lines.slice(0, head).join("") + marker + middle.map((i) => lines[i]!).join("") + lines.slice(tail).join("");
}

/** Where the head ends within `budget`, which lines of the middle stay after the marker, and which go. */
function planCut(
  lines: string[],
  plain: string[],
  sizes: number[],
  tail: number,
  budget: number,
): { head: number; middle: number[]; dropped: string[] } {
  const failing = signalLines(plain, sizes, budget / 2, (budget * 3) / 4);
  // The head grows while it and the failure lines past it fit; a failure line it reaches is its own.
  let beyond = failing.reduce((sum, i) => sum + sizes[i]!, 0);
  let next = 0;
  let head = 0;
  let headBytes = 0;
  while (head < tail) {
    const own = next < failing.length && failing[next] === head ? sizes[head]! : 0;
    if (headBytes + sizes[head]! + beyond - own > budget) break;
    headBytes += sizes[head]!;
    beyond -= own;
    if (own > 0) next++;
    head++;
  }
  const middle = failing.slice(next);
  const keptInMiddle = new Set(middle);
  const dropped = lines.slice(head, tail).filter((_, k) => !keptInMiddle.has(head + k));
  return { head, middle, dropped };
}

/**
 * The indexes of the (plain, trimmed) lines that state a failure (the first of each shape), then
 * of numbered failure headings and report file headings, then of lines that only name a location, then of the failure lines
 * that repeat a shape, then of a linter's error-class findings, then of those that state a warning,
 * while they fit in `budget` bytes; in the order printed. A line is a candidate once, where first
 * printed, and one too long for the room that is left is passed over.
 */
function signalLines(plain: string[], sizes: number[], budget: number, findingsBudget: number): number[] {
  const failing: number[] = [];
  const named: number[] = [];
  const errorFinding: number[] = [];
  const location: number[] = [];
  const warning: number[] = [];
  // A line said again word for word (a runner's summary repeating each failure, one error raised by
  // every test) tells nothing its first saying did not: only the first is a candidate.
  const said = new Map<string, number>();
  plain.forEach((line, i) => {
    const times = said.get(line);
    said.set(line, (times ?? 0) + 1);
    if (times !== undefined) return;
    if (LESSER_FINDING.test(line)) {
      if (WARNING.test(line)) warning.push(i);
    } else if (carriesFailure(line) || PANICKED.test(line)) failing.push(i);
    else if (NUMBERED_HEADER.test(line) || PHPCS_FILE_HEADING.test(line)) named.push(i);
    else if (ERROR_FINDING.test(line)) errorFinding.push(i);
    else if ((BARE_LOCATION.test(line) && !FOREIGN_FRAME.test(line)) || (PYTHON_FRAME.test(line) && !FOREIGN_PYTHON_FRAME.test(line)))
      location.push(i);
    else if (WARNING.test(line)) warning.push(i);
  });
  let bytes = 0;
  // make's `*** [Makefile:86: x.o] Error 1` names a target that failed: the verdict the errors above it explain.
  const recipes = failing.filter((i) => MAKE_RECIPE_FAILED.test(plain[i]!)).slice(0, MAX_RECIPE_LINES);
  const [located, novel, elsewhere, repeats] = byNovelty(failing, plain, sizes, said);
  // A failure line of a shape already kept says less than the heading that names another failing test.
  const taken = new Set<number>();
  // Of a linter's errors, those of a rule it reported less often first: the one `no-undef` among 660 `no-var`.
  const rules = new Map(errorFinding.map((i) => [i, ruleOf(plain[i]!)]));
  const ruleTimes = new Map<string, number>();
  for (const rule of rules.values()) ruleTimes.set(rule, (ruleTimes.get(rule) ?? 0) + 1);
  errorFinding.sort((a, b) => ruleTimes.get(rules.get(a)!)! - ruleTimes.get(rules.get(b)!)! || a - b);
  for (const tier of [recipes, located, novel, elsewhere, named, location, repeats, errorFinding, warning]) {
    const room = tier === errorFinding ? findingsBudget : budget;
    for (const i of tier) {
      if (taken.has(i)) continue;
      const heading = SHELLCHECK_FINDING.test(plain[i]!) ? headingAbove(plain, i) : -1;
      const code = PYTHON_FRAME.test(plain[i]!) ? codeUnder(plain, i) : -1;
      const group = heading !== -1 && !taken.has(heading) ? [heading, i] : code !== -1 && !taken.has(code) ? [i, code] : [i];
      const cost = group.reduce((sum, k) => sum + sizes[k]!, 0);
      // One long line that does not fit leaves room for shorter ones after it.
      if (bytes + cost > room) continue;
      for (const k of group) taken.add(k);
      bytes += cost;
    }
  }
  return [...taken].sort((a, b) => a - b);
}

/** A finding's rule: its last word (`no-undef`), or its code after the location (`F821`, `E0102:`). */
function ruleOf(line: string): string {
  return /^\S+:\d+(?::\d+)?: (\S+)/.exec(line)?.[1] ?? /(\S+)$/.exec(line)![1]!;
}

/** The code line a Python frame prints under it, or -1 (a frame printed without its source). */
function codeUnder(plain: string[], frame: number): number {
  const next = plain[frame + 1];
  return next === undefined || next === "" || PYTHON_FRAME.test(next) || /^[~^]+$/.test(next) || /^\w+(?:\.\w+)*: /.test(next)
    ? -1
    : frame + 1;
}

/** The `In file line N:` heading a shellcheck finding's carets hang under, or -1. */
function headingAbove(plain: string[], at: number): number {
  for (let i = at - 1; i >= 0 && at - i <= 20; i--) if (SHELLCHECK_HEADING.test(plain[i]!)) return i;
  return -1;
}

/** `make: *** [Makefile:86: http_parser_g.o] Error 1`, `make[2]: *** [all] Error 2`: a target that failed. */
const MAKE_RECIPE_FAILED = /^\S*make(?:\[\d+\])?: \*\*\* \[.+\] Error \d+$/;
/** At most this many of them ahead of the errors: a recursive make repeats one failure at each level. */
const MAX_RECIPE_LINES = 5;

/** A Rust panic's line, which names where it failed (`thread 't' panicked at tests/a.rs:19:5:`): a failure line in the cut. */
const PANICKED = /\bpanicked at \S+:\d+/;

/** A failure wall's lines by rank: located, novel, elsewhere, repeats. */
type Tiers = [number[], number[], number[], number[]];

/** How many times a failure line is printed word for word before it counts as a wall's main error. */
const OFTEN = 5;

/** How many lines of a file one error may name among the first lines of a cut wall. */
const PER_PLACE = 3;
/** A location in the system's own headers or libraries (`/usr/include/c++/12/bits/range_access.h:52:50`), where the user's error only lands. */
const SYSTEM_PATH = /^\/usr\//;
/** The line number of a `file:line` or `file:line:col` location. */
const LINE_NUMBER = /(?<=\S):\d+(?::\d+)?\b/g;

/**
 * A wall of failures that does not fit is mostly one failure said many ways: the same assertion
 * for each parameter, one verdict line per case. The first line of each shape (its brackets and
 * quotes emptied: `test_a[x-y] FAILED`, `assert 'A' == 'a'`) comes first, those that name a
 * location (`panicked at tests/a.rs:19:5`) before the rest. One error raised at more lines of a
 * file than `PER_PLACE` (`a.py:319: TimeoutError`, `a.py:276: TimeoutError`, …) comes after them,
 * and so does one in the system's own files (`/usr/include/…`); then the repeats. Within each, a
 * line printed again and again (one static assertion for each instantiation) is the wall's main
 * error and comes first whatever its length; then
 * shorter lines first, so a verdict is not crowded out by a dumped value.
 */
function byNovelty(failing: number[], plain: string[], sizes: number[], said: Map<string, number>): Tiers {
  const shapes = new Set<string>();
  const places = new Map<string, number>();
  const located: number[] = [];
  const novel: number[] = [];
  const elsewhere: number[] = [];
  const rest: number[] = [];
  const shapeOf = new Map<number, string>();
  const timesOf = new Map<string, number>();
  for (const i of failing) {
    // A case's number (`with data set #54`, `test #3`) names one more of the same failure.
    // So does a report's location at the start of a finding under its file's heading (ESLint's `49:31  error  …`).
    const shape = plain[i]!.replace(/\[[^\]]*\]|'[^']*'|"[^"]*"|#\d+\b|^\d+:\d+(?=\s)/g, "_");
    shapeOf.set(i, shape);
    timesOf.set(shape, (timesOf.get(shape) ?? 0) + 1);
    const place = shape.replace(LINE_NUMBER, ":_");
    const seen = places.get(place) ?? 0;
    const tier =
      shapes.has(shape) || SAME_AS_POINTER.test(plain[i]!)
        ? rest
        : !FILE_LINE.test(plain[i]!)
          ? novel
          : seen >= PER_PLACE || SYSTEM_PATH.test(plain[i]!)
            ? elsewhere
            : located;
    tier.push(i);
    if (!shapes.has(shape)) places.set(place, seen + 1);
    shapes.add(shape);
  }
  // The sort is stable and each tier is in printed order: lines of one length stay in it.
  const often = (i: number) => (said.get(plain[i]!)! >= OFTEN ? 0 : 1);
  const shortestFirst = (a: number, b: number) => often(a) - often(b) || sizes[a]! - sizes[b]!;
  // Among repeats, one more of a rare shape (a second `no-undef`) says more than one more of the shape that fills the run.
  const rarerFirst = (a: number, b: number) => timesOf.get(shapeOf.get(a)!)! - timesOf.get(shapeOf.get(b)!)! || shortestFirst(a, b);
  return [located.sort(shortestFirst), novel.sort(shortestFirst), elsewhere.sort(shortestFirst), rest.sort(rarerFirst)];
}
