/**
 * `meson test`: the closing `Ok: / Expected Fail: / Fail: / Unexpected Pass: / Skipped: /
 * Timeout:` block is the tally. Each failing test is a `N/M name FAIL|TIMEOUT|UNEXPECTEDPASS|ERROR`
 * line, kept with the error log meson prints under it (`--print-errorlogs`: the `>>>` command and
 * the output between the rules, the rules themselves dropped, and a traceback an earlier log
 * printed whole pointing back to it, and the runs of lines of one shape inside it, a test program's
 * own `Testing x: OK` lines, folded as generic/shapes.ts folds them); "Summary of Failures:" repeats those lines once more. Its names
 * must add up to Fail + Unexpected Pass + Timeout.
 */
import { foldShapes } from "../generic/shapes.ts";
import { foldRepeatedPieces } from "../shared/repeats.ts";
import { countIn, lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY_LINE = /^(?:Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout):\s+\d+\s*$/;
const FAILING = /^\s*\d+\/\d+ \S.*?\s(?:FAIL|TIMEOUT|UNEXPECTEDPASS|ERROR)\s/;
/** meson's line for one test: `3/43 serd:unit / node   FAIL   0.03s …`, not a test program's own `118/119 tests passed`. */
const RESULT = /^\s*\d+\/\d+ \S.*?\s(?:OK|FAIL|SKIP|TIMEOUT|EXPECTEDFAIL|UNEXPECTEDPASS|ERROR)\s+[\d.]+s\b/;
/** The rules meson draws around a log (`――― ✀ ―――`): the block's own blank lines set it off instead. */
const RULE = /^―{10,}(?:\s*✀\s*―{10,})?$/;

/** Lines of a test's own output kept under `-v`, at most, once its runs of one shape are folded. */
const MAX_VERBOSE_LOG_LINES = 30;
/** The rule that opens a test's output under `-v` (`――― ✀ ―――`); a plain rule closes it. */
const OPENING_RULE = /^―{10,}\s*✀\s*―+$/;

/** The output `-v` printed for the test whose verdict is at `at`: between the ✀ rule and the rule right above the verdict. */
function verboseLogAbove(plain: string[], at: number): { from: number; to: number } | null {
  if (at === 0 || !RULE.test(plain[at - 1]!.trim()) || OPENING_RULE.test(plain[at - 1]!.trim())) return null;
  for (let i = at - 2; i >= 0; i--) {
    if (OPENING_RULE.test(plain[i]!.trim())) return i + 1 < at - 1 ? { from: i + 1, to: at - 1 } : null;
    if (RESULT.test(plain[i]!)) return null;
  }
  return null;
}

export function readMeson(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const okAt = lastMatch(plain, /^Ok:\s+\d+\s*$/);
  if (okAt === -1) return null;
  let end = okAt;
  while (end < plain.length && TALLY_LINE.test(plain[end]!)) end++;
  const tally = plain.slice(okAt, end);
  const tallied = ["Fail", "Unexpected Pass", "Timeout"].reduce(
    (sum, kind) => sum + tally.reduce((n, line) => n + countIn(line, new RegExp(`^${kind}:\\s+(\\d+)`)), 0),
    0,
  );
  const pieces: Piece[] = [{ at: okAt, lines: raw.slice(okAt, end) }];
  const summaryAt = plain.indexOf("Summary of Failures:");
  const names = new Set<string>();
  const logs: Piece[] = [];
  plain.forEach((line, i) => {
    if (i >= okAt && i < end) return;
    if (/^Full log written to /.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
    if (FAILING.test(line)) {
      names.add(line.trim().split(/\s+/)[1]!);
      let to = i + 1;
      while (summaryAt !== -1 && i < summaryAt && to < summaryAt && !RESULT.test(plain[to]!)) to++;
      const log = trimBlank(raw.slice(i, to).filter((_, k) => !RULE.test(plain[i + k]!.trim())));
      (to > i + 1 ? logs : pieces).push({ at: i, lines: foldShapes(log)?.text.split("\n") ?? log });
      // `meson test -v` prints a test's output above its verdict, between two rules: its first lines say how it failed.
      const above = verboseLogAbove(plain, i);
      if (above) {
        const output = trimBlank(raw.slice(above.from, above.to));
        const shown = foldShapes(output)?.text.split("\n") ?? output;
        const more = shown.length - MAX_VERBOSE_LOG_LINES;
        pieces.push({
          at: above.from,
          lines: more > 0 ? [...shown.slice(0, MAX_VERBOSE_LOG_LINES), `[${more} more lines of its output]`] : shown,
        });
      }
    }
  });
  // Tests that fail the same way print the same traceback: past the first, it points back.
  pieces.push(...foldRepeatedPieces(logs, (at) => plain[at]!.trim().split(/\s+/)[1]!));
  if (summaryAt !== -1) pieces.push({ at: summaryAt, lines: [raw[summaryAt]!] });
  return { pieces, failuresFound: names.size, failuresTallied: tallied };
}
