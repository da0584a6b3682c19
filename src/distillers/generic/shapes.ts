/**
 * Line-shape mining, as log-template miners do it, for output no runner-specific reader claims.
 * A line's shape is its first two words once numbers, paths, quoted strings and hex ids are
 * abstracted (`ok 12 - parses` → `ok 0`, `checking for gcc... yes` → `checking for`). Every line
 * that carries a signal (a failure, a warning, a tally) stays, in order, with the lines that
 * explain it: the line before and the deeper-indented or `#`-comment lines after (assertion
 * values, file:line). Between signals, a shape seen at least three times is repetition: a run of
 * such lines keeps its first and last line and the lines between become one marker with the exact
 * number folded. Nothing is summarised that was not counted, and nothing else is touched.
 * Output with no signal at all (a script's rows, a listing) is not a log and is left whole.
 */
import { carriesFailure } from "../../base/failure.ts";
import { indentOf, stripAnsi } from "../../base/lines.ts";
import { FILE_LINE } from "../../base/text-paths.ts";
import { isSuccessVerdict } from "../build-tools/summaries.ts";

/** A run shorter than this is left alone: its first and last stay, so fewer would save nothing. */
const MIN_RUN = 4;
/** A shape must recur this often between two signals before its lines count as repetition. */
const MIN_REPEATS = 3;
/** Lines of explanation kept under one signal line, at most. */
const MAX_CONTEXT = 30;

/** Words that make a line worth keeping whatever its shape. */
const SIGNAL =
  /\bnot ok\b|\bfail(?:s|ed|ure|ures|ing)?\b|\berrors?\b|\bfatal\b|\bpanic|\bexception|\btraceback|\bwarn(?:ing|ings)?\b|deprecat|\bdubious\b|\bwstat\b|\bassert|\bexpected\b|\bgot:|\babort|\bkilled by\b|sigabrt|sigbus|sigfpe|sigill|segfault|segmentation|sigsegv|core dumped|\bleak|\blost:|\b(?:definitely|indirectly|possibly) lost\b|invalid (?:read|write|free)|uninitiali[sz]ed|\btimed? ?out|\bundefined\b|\bcannot\b|can't|\bunable\b|not found|denied|refused|\bmissing\b|\bunmet\b|\bskip(?:ped)?\b|\btodo\b|\bxfail|\bunexpected\b|\*\*\*|\bbail out\b|\bwould (?:reformat|fix|change)\b/i;
/** Tallies and verdicts: the numbers an agent reads first (`3 failed`, `Tests: 21`, `Files=30`). */
const TALLY_COUNT =
  /(?<![/\d])\b\d+ (?:tests?|passed|passing|pass|failed|failing|fail|errors?|warnings?|examples?|failures?|assertions?|subtests?|skipped|pending|suites?|specs?)\b/;
const TALLY =
  /^# (?:tests|pass|fail|skip|todo)\s+\d+|\b(?:tests?|pass|fail|errors?|failures?|ok|skipped|total)\s*[:=]\s*\d+|\bFiles=\d+|\bResult:|(?<![.\w])(?:summary|total|done|finished|success(?:ful(?:ly)?)?|completed?)\b(?!\.\w)/i;
/** A `file:line:` location (a compiler's, a linter's, a stack frame's): a finding, never repetition. */
const LOCATION = new RegExp(`${FILE_LINE.source}|^[\\w./-]+:\\d+:\\d+: |\\bline \\d+\\b`);
/** A line naming a package or library the run wrote (`dpkg-deb: building package 'cmark' in '../cmark_0.30.2-6_amd64.deb'.`). */
const ARTIFACT =
  /\b(?:building package|wrote|built|created|creating|generated|saved)\b.*\.(?:deb|rpm|apk|whl|egg|tar\.(?:gz|xz|bz2|zst)|tgz|zip|jar|war|so(?:\.\d+)*|la|dll|exe|dmg|wasm)\b/i;
/** A coverage report's row (gcovr, coverage.py: `src/inlines.c   790   700   88%`): the answer the user asked for. */
const COVERAGE_ROW = /^\S+(?:\s+\d+){2,}\s+\d+(?:\.\d+)?%(?:\s|$)/;
/** Recursive make's bookkeeping: one shape whatever the directory. */
const MAKE_CHATTER = /^(?:g?make(?:\[\d+\])?: (?:Entering|Leaving) directory|Making \w+ in |g?make(?:\[\d+\])?: Nothing to be done)/;

/**
 * A table's rule under its header, two or more columns of dashes (`strace -c`'s `------ ----------- …`,
 * markdown's `|---|---|`, psql's `+----+----+`): the rows under it are what the user asked for, each
 * a different row of the answer however alike their shapes. Each column after the first needs a
 * separator before it (spaces, `|` or `+`), so a run of dashes is read one way only: no backtracking
 * over where one column ends on a line that is not a rule.
 */
const TABLE_RULE = /^\s*[|+]?\s*:?-{3,}:?(?:(?:\s+|\s*[|+]\s*):?-{3,}:?)+\s*[|+]?\s*$/;
/** Rows kept under one rule, at most; a longer table is a listing, and its repetition folds. */
const MAX_TABLE_ROWS = 100;

/** A valgrind stack frame (`==PID==    by 0x10D6FF: test_extend (test_array.c:201)`) and the function it names. */
const VALGRIND_FRAME = /^==\d+==\s+(?:at|by) 0x[0-9A-Fa-f]+: (.+?) \((?:in |[^()]*:\d+\))/;

export interface ShapeFold {
  text: string;
  folded: number;
}

/**
 * A runner's line for one passing test (`ok 12 - name`, under `ctest -V` `3: ok 12 - name`, `PASS: t1`, ctest's `Passed`, meson's
 * `OK`), or a checker's clean verdict on one file (`php -l`'s `No syntax errors detected in src/A.php`):
 * repetition even when the name holds a word like "error" or "expected", unless it reads as a
 * failure verdict (`ok 4 - subprocess failed to get lock`), which is never folded.
 */
const PASSING_TEST =
  /^\s*(?:(?:\d+: )?ok \d+\b(?!.*#\s*(?:TODO|SKIP))|PASS: \S|\d+\/\d+ Test +#\d+: \S+ \.+ +Passed\b|\d+\/\d+ \S+ +OK +[\d.]+s$|[✓✔] |No (?:syntax )?errors (?:detected|found) in \S)/;

/** Whether a line states a tally or a verdict on a whole run (`All 112 tests passed`, `Result: PASS`). */
export function statesTally(plain: string): boolean {
  return TALLY_COUNT.test(plain) || TALLY.test(plain);
}

/** Whether a line is recursive make's bookkeeping (`make[1]: Leaving directory …`, `Making check in examples`). */
export function isMakeChatter(plain: string): boolean {
  return MAKE_CHATTER.test(plain);
}

/** Whether a line states a failure, a warning or a tally: such a line is never folded. */
export function carriesSignal(plain: string): boolean {
  // The fidelity check reads failure words even in a passing test's name: those lines stay.
  if (PASSING_TEST.test(plain)) return carriesFailure(plain);
  return (
    SIGNAL.test(withoutPaths(plain)) ||
    TALLY_COUNT.test(plain) ||
    TALLY.test(plain) ||
    LOCATION.test(plain) ||
    COVERAGE_ROW.test(plain) ||
    ARTIFACT.test(plain) ||
    // What a build says it made or finished (`[ 33%] Built target divsufsort`, `  CCLD     examples/oabextract`).
    isSuccessVerdict(plain) ||
    carriesFailure(plain)
  );
}

/**
 * The line without its paths: a word inside a file's name (`gtest-assertion-result.h` in a
 * `dpkg -L` listing, `test_errors.py`) states nothing about the run.
 */
function withoutPaths(plain: string): string {
  return plain.includes("/") ? plain.replace(/(?<!\S)[\w.+@-]*(?:\/[\w.+@-]*)+/g, "") : plain;
}

/** The shape two lines share when they are the same kind of line with different details. */
export function shapeOf(plain: string): string {
  const trimmed = plain.trim();
  if (MAKE_CHATTER.test(trimmed)) return "make: chatter";
  const indent = indentOf(plain);
  const words = trimmed.split(/\s+/).slice(0, 2).map(abstractWord);
  return `${Math.min(indent, 8)}|${words.join(" ")}`;
}

/** A call's arguments split over words (`TEST(TeamCityOutputTest,` `PrintTestStarted)`): its name stays, what it is called with varies. */
const CALL_OPEN = /^(\w+)\(.+$/;
const CALL_CLOSE = /^[^()]+\)[,;:]?$/;

function abstractWord(word: string): string {
  if (/^["'`].*["'`]?$/.test(word)) return "<q>";
  if (/[/\\]/.test(word) && !/^\d+\/\d+$/.test(word)) return "<p>";
  const call = CALL_OPEN.exec(word);
  if (call && !word.endsWith(")")) return `${call[1]}(<a>`;
  if (CALL_CLOSE.test(word)) return "<a>)";
  return word.replace(/\b[0-9a-f]{7,}\b/gi, "<h>").replace(/\d+(?:\.\d+)?/g, "0");
}

/**
 * A progress line redrawn with carriage returns (`Receiving objects:  3%\r… 100%, done.`) reads
 * on a terminal as its last frame; the frames before it are what folds, except a frame that
 * states a failure (a runner's status line flashing `FAIL splitn-1.3` between passes), which
 * stays on its own line above the last.
 */
function lastFrame(line: string): string {
  const body = line.endsWith("\r") ? line.slice(0, -1) : line;
  const cut = body.lastIndexOf("\r", body.length - 1);
  if (cut === -1) return line;
  const frames = body.split("\r").filter((frame) => frame.trim() !== "");
  const last = frames.at(-1);
  if (last === undefined) return line;
  const failing = frames.slice(0, -1).filter((frame) => carriesFailure(stripAnsi(frame).trim()));
  return [...failing, last].join("\n");
}

/** Fold the repetitive runs of `raw` (lines without their newline); null when nothing folds. */
export function foldShapes(input: string[]): ShapeFold | null {
  const raw = input.map(lastFrame);
  const redrawn = raw.filter((line, i) => line !== input[i]).length;
  const plain = raw.map((line) => stripAnsi(line));
  // Output with no failure, warning or tally anywhere is no log (a script's rows, a listing):
  // its lines may each be the answer, so nothing folds.
  // A run of passing verdicts is a log too: the verdicts are what folds.
  if (!plain.some((line) => line.trim() !== "" && (carriesSignal(line) || PASSING_TEST.test(line)))) return null;
  const kept = keptLines(plain);
  keepFirstSightings(plain, kept);
  const foldable = repetitive(plain, kept);
  const out: string[] = [];
  let folded = 0;
  for (let i = 0; i < raw.length; ) {
    if (!foldable[i]) {
      out.push(raw[i]!);
      i++;
      continue;
    }
    let end = i;
    while (end < raw.length && foldable[end]) end++;
    const run = end - i;
    if (run >= MIN_RUN) {
      out.push(raw[i]!, `[${run - 2} similar lines omitted]`, raw[end - 1]!);
      folded += run - 2;
    } else out.push(...raw.slice(i, end));
    i = end;
  }
  const tally = findingTally(plain);
  if (folded === 0 && redrawn === 0 && !tally) return null;
  const notice = redrawn > 0 ? [`[${redrawn} progress lines shown as their last frame]`] : [];
  return { text: [...(tally ? [tally] : []), ...out, ...notice].join("\n"), folded };
}

/** A linter's code at the end of a finding: `[SC2086]`, `[-Wshadow]`, `[E501]`, `[readability-…]`. */
const FINDING_CODE = /\[([A-Za-z][\w.-]*\d[\w.-]*|-W[\w-]+|[a-z]+(?:-[a-z]+)+)\]\s*$/;
/** Below this many coded findings their lines say it all; above, a count per code leads. */
const MIN_FINDINGS_TALLIED = 50;

/**
 * A long run of located, coded findings (a linter over a generated script) may not fit the
 * reply: a count per code, from the lines themselves, says what all of them were.
 */
function findingTally(plain: string[]): string | null {
  const codes = new Map<string, number>();
  let total = 0;
  for (const line of plain) {
    const code = LOCATION.test(line) ? FINDING_CODE.exec(line)?.[1] : undefined;
    if (!code) continue;
    total++;
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  if (total < MIN_FINDINGS_TALLIED) return null;
  const counts = [...codes.entries()].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code} ×${n}`);
  return `[${total} findings by code: ${counts.join(", ")}]`;
}

/** Signal lines, the line before each and the lines under it that explain it; the first and last line. */
function keptLines(plain: string[]): boolean[] {
  const kept = new Array<boolean>(plain.length).fill(false);
  if (plain.length > 0) kept[0] = kept[plain.length - 1] = true;
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    if (line.trim() === "" || !carriesSignal(line)) continue;
    kept[i] = true;
    if (i > 0) kept[i - 1] = true;
    for (let k = i + 1; k < plain.length && k <= i + MAX_CONTEXT && explains(line, plain[k]!); k++) kept[k] = true;
  }
  keepTableRows(plain, kept);
  keepDiffChanges(plain, kept);
  return kept;
}

/** A unified diff's hunk header (`@@ -16,20 +16,20 @@`), in a test's log of what it expected and got. */
const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
/** Changed lines kept per hunk, at most; past that a diff is a rewrite, and its repetition folds. */
const MAX_HUNK_CHANGES = 40;

/**
 * A diff's file header with no hunk header under it: a harness's own `--- expected` / `+++ got`
 * over the whole output it compared (libzip's runtest), context lines and changes after it.
 */
function bareDiffHeader(plain: string[], i: number): boolean {
  return /^--- \S/.test(plain[i]!) && /^\+\+\+ \S/.test(plain[i + 1] ?? "") && !HUNK_HEADER.test(plain[i + 2] ?? "");
}

/** The `-`/`+` lines of each hunk: what differs is the answer, however alike the lines look. */
function keepDiffChanges(plain: string[], kept: boolean[]): void {
  for (let i = 0; i < plain.length; i++) {
    const bare = bareDiffHeader(plain, i);
    if (!bare && !HUNK_HEADER.test(plain[i]!)) continue;
    const changes: number[] = [];
    if (bare) i++;
    let end = i + 1;
    for (; end < plain.length && /^[-+ ]/.test(plain[end]!) && !/^(?:---|\+\+\+) /.test(plain[end]!); end++)
      if (plain[end]![0] !== " ") changes.push(end);
    if (changes.length <= MAX_HUNK_CHANGES) for (const k of [i, ...changes]) kept[k] = true;
    i = end - 1;
  }
}

/** The rows under a table's rule, when a header sits above it, up to a blank line or the next rule. */
function keepTableRows(plain: string[], kept: boolean[]): void {
  for (let i = 1; i < plain.length; i++) {
    if (!TABLE_RULE.test(plain[i]!) || plain[i - 1]!.trim() === "" || TABLE_RULE.test(plain[i - 1]!)) continue;
    let end = i + 1;
    while (end < plain.length && plain[end]!.trim() !== "" && !TABLE_RULE.test(plain[end]!)) end++;
    if (end - i - 1 > MAX_TABLE_ROWS) continue;
    for (let k = i - 1; k < end; k++) kept[k] = true;
  }
}

/**
 * valgrind prints one stack per error, and the stacks share most of their frames: a frame stays
 * the first time its function appears, so where each error came from is read once; the frames
 * that only repeat functions already shown are the repetition that folds.
 */
function keepFirstSightings(plain: string[], kept: boolean[]): void {
  const seen = new Set<string>();
  plain.forEach((line, i) => {
    const fn = VALGRIND_FRAME.exec(line)?.[1];
    if (fn === undefined || seen.has(fn)) return;
    seen.add(fn);
    kept[i] = true;
  });
}

/** A line under a signal that belongs to it: deeper indented, or the same `#` comment block (TAP diagnostics). */
function explains(signal: string, next: string): boolean {
  if (next.trim() === "") return false;
  if (indentOf(next) > indentOf(signal)) return true;
  const lead = signal.trimStart()[0];
  return (lead === "#" || lead === "|") && next.trimStart()[0] === lead;
}

/** Lines outside every kept line whose shape recurs between the same two signals. */
function repetitive(plain: string[], kept: boolean[]): boolean[] {
  const foldable = new Array<boolean>(plain.length).fill(false);
  for (let start = 0; start < plain.length; ) {
    if (kept[start] || plain[start]!.trim() === "") {
      start++;
      continue;
    }
    let end = start;
    while (end < plain.length && !kept[end] && plain[end]!.trim() !== "") end++;
    const shapes = plain.slice(start, end).map(shapeOf);
    const counts = new Map<string, number>();
    for (const shape of shapes) counts.set(shape, (counts.get(shape) ?? 0) + 1);
    shapes.forEach((shape, k) => {
      foldable[start + k] = (counts.get(shape) ?? 0) >= MIN_REPEATS;
    });
    start = end;
  }
  return foldable;
}

/** The same for a whole output: its repetitive runs folded, or null when nothing repeats. */
export function foldShapesIn(text: string): string | null {
  const lines = text.split("\n");
  const trailing = lines.at(-1) === "";
  const folded = foldShapes(trailing ? lines.slice(0, -1) : lines);
  return folded ? folded.text + (trailing ? "\n" : "") : null;
}
