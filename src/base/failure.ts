/**
 * THE failure-line test: does this line state a failure? The distillers' fidelity check (every
 * failure line of the raw output must still be readable), the distillers that keep failure lines,
 * the ledger (such lines are never folded: a repeated failure is the signal that it persists) and
 * the ledger's auditor all ask it, so a verdict kept by one is kept by all.
 *
 * One named shape per kind of verdict, so the test can enumerate them.
 */

export interface FailureShape {
  name: string;
  /** True for a line (lower-cased, and that copy with leading space trimmed) that states this failure. */
  matches(lower: string, start: string): boolean;
}

const substring = (name: string, ...needles: string[]): FailureShape => ({
  name,
  matches: (lower) => needles.some((needle) => lower.includes(needle)),
});
const prefix = (name: string, ...heads: string[]): FailureShape => ({
  name,
  matches: (_lower, start) => heads.some((head) => start.startsWith(head)),
});

export const FAILURE_SHAPES: readonly FailureShape[] = [
  prefix("failure glyph (✗ ✘ ❌ ✖)", "✗", "✘", "❌", "✖"),
  // The JUnit console launcher's tree marks a failed test after its name: `├─ parsesDates() ✘ expected:<1>`.
  { name: "test tree ✘ verdict", matches: (lower) => /[├└]─.*✘/.test(lower) },
  substring("error: / error[E…]", "error:", "error["),
  prefix("error at the start of the line", "error "),
  // A runner's own failure heading: busted's `Failure -> spec/x.lua @ 5`, testthat's `Failure ('test.R:12'): …`, `failure on line 271`.
  prefix("failure at the start of the line", "failure "),
  substring("fatal:", "fatal:"),
  substring("exception:", "exception:"),
  substring("panic:", "panic:"),
  substring("build failed / --- FAIL", "build failed", "--- fail"),
  // make: *** [Makefile:12: all] Error 2 (and `make[1]: *** … Error 1` from a sub-make)
  { name: "make *** … Error N", matches: (lower) => /\*\*\* .*\berror \d+\b/.test(lower) },
  // npm before v7 printed `npm ERR!`, later versions `npm error`.
  prefix("npm ERR! / npm error", "npm err!", "npm error"),
  prefix("Python traceback", "traceback (most recent call last):"),
  substring("Segmentation fault", "segmentation fault"),
  // Python, Node and Java all raise it: `AssertionError: …`, `AssertionError [ERR_ASSERTION]: …`, `E   AssertionError`.
  { name: "AssertionError", matches: (lower) => /\bassertionerror\b/.test(lower) },
  substring("Maven BUILD FAILURE", "build failure"),
  // Jest's `● Suite › test` header of a failing test and `● Test suite failed to run`; `● Console` is log output.
  { name: "jest ● header", matches: (_lower, start) => start.startsWith("● ") && !start.startsWith("● console") },
  // TAP: `not ok 3 - name`, unless a TODO or SKIP directive says the failure is expected.
  { name: "TAP not ok", matches: (_lower, start) => /^not ok\b/.test(start) && !/#\s*(?:todo|skip)\b/.test(start) },
  substring("undefined reference (linker)", "undefined reference to"),
  // Rake's verdict over a failed task, its cause on the next line (`Command failed with status (2): …`, an exception).
  prefix("rake aborted!", "rake aborted!"),
  // Perl's missing module, the cause behind a test file's `BEGIN failed--compilation aborted`.
  substring("Perl can't locate", "can't locate "),
  // A shell that could not find a program: `sh: 1: eslint: not found`, `missing: line 81: flex: command not found`,
  // `src/test/scripts/ping.sh: 28: ping: not found` in a test's own output, the cause behind its failure.
  {
    name: "shell: command not found",
    matches: (_lower, start) => /^[^\s:]+: (?:line )?(?:\d+: )?[^\s:]+: (?:command )?not found\s*$/.test(start),
  },
  // A non-zero count of errors: tsc's `Found 3 errors.`, clang's `2 errors generated.`, eslint's summary.
  { name: "N errors (N > 0)", matches: (lower) => /(?:^|[^0-9.])[1-9]\d* errors?\b/.test(lower) },
  // `failed` / `fail` as a word, not inside an identifier, and not a zero count.
  {
    name: "fail / failed verdict",
    matches: (lower, start) => !PASS_GLYPHS.some((glyph) => start.startsWith(glyph)) && hasFailureVerdict(lower),
  },
];

const PASS_GLYPHS = ["✓", "✔", "✅"];
const VERDICT_WORD = /fail(?:ed)?/g;

/**
 * Every shape above needs one of these words or glyphs. One regex pass over a whole block finds
 * the few lines worth the full check: per-line JavaScript in a cold hook process cost more than
 * the rest of the pipeline on large payloads (profiled on a 1 MB Read).
 */
const FAILURE_WORD =
  /error|err!|fatal:|exception:|panic:|fail|traceback|segmentation fault|not ok|rake aborted!|undefined reference|can't locate |not found(?=\r?\n|\r?$)|●|✗|✘|❌|✖/gi;
/** The same words for one line: the ledger asks about every line it could fold. */
const FAILURE_HINT = new RegExp(FAILURE_WORD.source, "i");

/** The lines of `text` that state a failure, trimmed, in order. */
export function failureLines(text: string): string[] {
  const found: string[] = [];
  let nextLineStart = 0;
  for (const match of text.matchAll(FAILURE_WORD)) {
    if (match.index < nextLineStart) continue; // this line was already judged
    const start = text.lastIndexOf("\n", match.index) + 1;
    const newline = text.indexOf("\n", match.index);
    const end = newline === -1 ? text.length : newline;
    nextLineStart = end + 1;
    const trimmed = text.slice(start, end).trim();
    if (trimmed !== "" && carriesFailure(trimmed)) found.push(trimmed);
  }
  return found;
}

export function carriesFailure(line: string): boolean {
  // Most lines name none of the words; one native test clears them without a lowercase copy.
  if (!FAILURE_HINT.test(line)) return false;
  return failureShapeOf(line) !== null;
}

/**
 * A quoted source line, its number then a tab (bandit's excerpts) or a bar (ruff's, rustc's and
 * gcc's `468 |     except ValueError:`, jest's `> 75 |`, a line ruff's fix adds, `238 +     code`): code that says `fail`, not a verdict.
 */
const QUOTED_SOURCE = /^(?:\d+\t|(?:>\s*)?\d+ +(?:\|(?: |$)|\+ ))/;

/**
 * Past this a line is data, not a verdict: node quoting a minified bundle's one 290 KB line above
 * an uncaught error, a base64 blob. No reader reads it, so keeping it would only crowd out the
 * failures that can be read; it stays in the archive with the rest. A line redrawn with carriage
 * returns is many short frames (a progress display), and is read as usual.
 */
export const MAX_FAILURE_LINE_CHARS = 16_384;

/**
 * A TAP point that passed (`ok 49 - Filehandle should fail Int`, a subtest's indented one): its name
 * may say `fail` or `error`, but the point says the test passed.
 */
const TAP_PASS = /^ok \d+\b/;

/** The first shape the line has, or null: what the enumerating test checks. */
export function failureShapeOf(line: string): FailureShape | null {
  if (QUOTED_SOURCE.test(line) || (line.length > MAX_FAILURE_LINE_CHARS && !line.includes("\r"))) return null;
  const lower = line.toLowerCase();
  const start = lower.trimStart();
  if (TAP_PASS.test(start)) return null;
  return FAILURE_SHAPES.find((shape) => shape.matches(lower, start)) ?? null;
}

/** `failed`/`fail` as a word, not part of an identifier, and not a zero count ("0 failed", "failed: 0"). */
function hasFailureVerdict(lower: string): boolean {
  for (const match of lower.matchAll(VERDICT_WORD)) {
    const at = match.index;
    const end = at + match[0].length;
    if (isIdentChar(lower[at - 1]) || isIdentChar(lower[end])) continue;
    if (precededByZero(lower, at) || followedByZero(lower, end)) continue;
    return true;
  }
  return false;
}

function isIdentChar(ch: string | undefined): boolean {
  return ch !== undefined && /[a-z0-9_]/.test(ch);
}

function precededByZero(lower: string, at: number): boolean {
  const before = lower.slice(0, at).trimEnd();
  return /(?:^|[^0-9])0$/.test(before);
}

function followedByZero(lower: string, end: number): boolean {
  const after = lower.slice(end).replace(/^[\s:=]+/, "");
  return /^0(?:[^0-9.]|$)/.test(after);
}
