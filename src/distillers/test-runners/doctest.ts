/**
 * Python's doctest (`python3 -m doctest [-v] file`): one block per failing example between rules
 * of 70 asterisks (`File "…", line N, in name`, the example, then `Expected:`/`Got:` or
 * `Exception raised:` with a traceback), then the items that had failures and
 * `***Test Failed*** N failures.`; with `-v`, every example tried (`Trying:` … `ok`) and
 * `N passed and M failed.` / `Test passed.` at the end. Each block is kept with the example's own
 * frames; doctest's frames, the frame that only repeats the example and caret lines are ceremony.
 */
import { withoutTracebackCeremony } from "./python-frames.ts";
import { lastMatch, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const RULE = /^\*{70}$/;
const LOCATION = /^File ".+", line \d+, in \S/;
const FAILED_TALLY = /^\*\*\*Test Failed\*\*\* (\d+) failures?\.$/;
const PASSED = /^Test passed\.$/;
const VERDICT = new RegExp(`${FAILED_TALLY.source}|${PASSED.source}`);
/** The counts above the verdict: `182 tests in 1 items.`, `130 passed and 52 failed.`, and the failing items. */
const SUMMARY = /^\d+ tests? in \d+ items?\.$|^\d+ passed(?: and|,) \d+ failed\.$|^\d+ items? had failures:$|^\s+\d+ of\s+\d+ in \S/;

/** An item that passed, in `-v`'s summary; a few of them are listed, a module's sixty are not. */
const ITEM_PASSED = /^\s+\d+ tests? in \S+$/;
const MAX_ITEMS_LISTED = 10;

/** Under `-v` a block ends where doctest goes on: the next example tried, a pass, the items' summary (its own lines are indented). */
const BLOCK_END = /^(?:Trying:|ok)$|^\d+ items? (?:had no tests|passed all tests|had failures):$/;

export function readDoctest(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const verdictAt = lastMatch(plain, VERDICT);
  if (verdictAt === -1) return null;
  const tallied = Number(FAILED_TALLY.exec(plain[verdictAt]!)?.[1] ?? 0);
  // `Test passed.` is printed under `-v` only, after its counts: without them it is some other line.
  if (PASSED.test(plain[verdictAt]!) && !/^\d+ passed and 0 failed\.$/.test(plain[verdictAt - 1] ?? "")) return null;

  const pieces: Piece[] = [{ at: verdictAt, lines: [raw[verdictAt]!] }];
  let above = verdictAt - 1;
  for (; above >= 0 && SUMMARY.test(plain[above]!); above--) pieces.push({ at: above, lines: [raw[above]!] });
  // Under `-v` the items that passed, each with its count (`  51 tests in README.md`): what ran, when they are few.
  let first = above;
  while (first >= 0 && ITEM_PASSED.test(plain[first]!)) first--;
  if (first >= 0 && above - first <= MAX_ITEMS_LISTED && /^\d+ items? passed all tests:$/.test(plain[first]!))
    pieces.push({ at: first, lines: raw.slice(first, above + 1) });
  let found = 0;
  for (let i = 1; i < verdictAt; i++) {
    if (!RULE.test(plain[i - 1]!) || !LOCATION.test(plain[i]!)) continue;
    found++;
    let end = i + 1;
    while (end < verdictAt && !RULE.test(plain[end]!) && !BLOCK_END.test(plain[end]!)) end++;
    pieces.push({ at: i, lines: trimBlank(withoutTracebackCeremony(lines, i, end).map((k) => raw[k]!)) });
    i = end;
  }
  return { pieces, failuresFound: found, failuresTallied: tallied };
}
