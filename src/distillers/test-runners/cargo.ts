/**
 * Rust's libtest (`cargo test`): `test result:` tallies, `test NAME ... FAILED` verdicts and
 * `---- NAME stdout ----` blocks. Each failing test is delivered as its verdict line followed by
 * its block, so a name and its panic read together. Each tally keeps the `Running …` or
 * `Doc-tests …` line of the binary it counts.
 */
import { allMatches, countIn, type Piece, type RunLines, type RunReading, trimBlank } from "./reading.ts";

const TALLY = /^test result: (?:ok|FAILED)\. \d+ passed; \d+ failed;/;
const VERDICT = /^test (.+?) \.\.\. FAILED$/;
/** Under `--nocapture` the verdict waits for the test's own output: `test NAME ... ` now, `FAILED` on a later line. */
const OPEN_VERDICT = /^test (.+?) \.\.\. ?$/;
const LATE_VERDICT = /^(?:ok|FAILED|ignored)$/;
const NEXTEST_STATUS = /^\s+(?:PASS|FAIL|SIGSEGV|TIMEOUT|Summary) \[\s*[\d.]+s\]/;
const BINARY_HEADING = /^\s*(?:Running |Doc-tests )\S/;
const BLOCK_HEADER = /^---- (.+?) std(?:out|err) ----$/;
const BLOCK_END = /^(?:failures:|successes:|test result: |\s*Running |\s*Doc-tests |---- )/;
/** libtest's hints to rerun with a (fuller) backtrace: the same on every failure, so they are ceremony. */
const BACKTRACE_HINT = /^note: (?:run with `RUST_BACKTRACE=1`|Some details are omitted, run with `RUST_BACKTRACE=full`)/;
/**
 * A backtrace frame inside the standard library or the test harness (`1: core::panicking::panic_fmt`,
 * `7: <fn() -> … as core::ops::function::FnOnce<()>>::call_once`), with the `at /rustc/…` line under
 * it: the same under every panic. Frames into the crate (`4: heck::kebab::tests::test1`, `at ./src/kebab.rs:54:17`) stay.
 */
const STD_FRAME = /^\s+\d+: (?:__rustc::|std::|core::|alloc::|test::|<.*\bas (?:core|std)::ops::function::Fn(?:Once|Mut)?\b)/;
const FRAME_SOURCE = /^\s+at \S/;

export function readCargoTest(lines: RunLines): RunReading | null {
  const tallies = allMatches(lines.plain, TALLY);
  // cargo-nextest embeds libtest's tallies inside each test's captured output; it is not libtest's report.
  if (tallies.length === 0 || lines.plain.some((line) => NEXTEST_STATUS.test(line))) return null;
  const failuresTallied = tallies.reduce((sum, i) => sum + countIn(lines.plain[i]!, /; (\d+) failed;/), 0);

  const verdicts = new Map<string, number>();
  lines.plain.forEach((line, i) => {
    const name = VERDICT.exec(line)?.[1];
    if (name !== undefined) verdicts.set(name, i);
  });
  const blocks = new Map<string, { at: number; body: string[] }>();
  lines.plain.forEach((line, i) => {
    const name = BLOCK_HEADER.exec(line)?.[1];
    if (name === undefined) return;
    let end = i + 1;
    while (end < lines.plain.length && !BLOCK_END.test(lines.plain[end]!)) end++;
    const body = lines.raw.slice(i + 1, end).filter((_, k) => {
      const at = i + 1 + k;
      const plain = lines.plain[at]!;
      return !BACKTRACE_HINT.test(plain) && !STD_FRAME.test(plain) && !(FRAME_SOURCE.test(plain) && STD_FRAME.test(lines.plain[at - 1]!));
    });
    blocks.set(name, { at: i, body: trimBlank(body) });
  });

  const pieces: Piece[] = tallies.map((i) => ({ at: i, lines: [lines.raw[i]!] }));
  // Each tally's binary (`Running tests/d2s_table_test.rs (target/…)`, `Doc-tests ryu`): which count is whose.
  for (const i of tallies) {
    let k = i - 1;
    while (k >= 0 && !BINARY_HEADING.test(lines.plain[k]!) && !TALLY.test(lines.plain[k]!)) k--;
    if (k >= 0 && BINARY_HEADING.test(lines.plain[k]!)) pieces.push({ at: k, lines: [lines.raw[k]!] });
  }
  // `error: 3 targets failed:` and the indented list of which targets (--lib, --test x, --doc).
  const targetsAt = lines.plain.findIndex((line) => /^error: \d+ targets? failed:$/.test(line));
  if (targetsAt !== -1) {
    let end = targetsAt + 1;
    while (end < lines.plain.length && /^\s+\S/.test(lines.plain[end]!)) end++;
    pieces.push({ at: targetsAt, lines: lines.raw.slice(targetsAt, end) });
  }
  const failing = new Set([...verdicts.keys(), ...failureListNames(lines)]);
  for (const name of failing) {
    const verdictAt = verdicts.get(name);
    const block = blocks.get(name);
    if (verdictAt === undefined) {
      const piece = block
        ? { at: block.at, lines: [lines.raw[block.at]!, ...block.body] }
        : (openVerdict(lines, name) ?? listEntry(lines, name));
      if (piece) pieces.push(piece);
      continue;
    }
    const body = block ? block.body : panicLines(lines, name);
    pieces.push({ at: verdictAt, lines: [lines.raw[verdictAt]!, ...body.map((l) => withoutThreadName(l, name))] });
  }
  return { pieces, failuresFound: failing.size, failuresTallied };
}

/**
 * Under its own verdict line, `thread 'NAME' panicked at …` repeats the name just read; the
 * location and message stay. A thread named otherwise (a spawned worker) is kept as printed.
 */
function withoutThreadName(line: string, name: string): string {
  const prefix = /^thread '([^']*)'(?: \(\d+\))? panicked at /.exec(line);
  return prefix && prefix[1] === name ? `panicked at ${line.slice(prefix[0].length)}` : line;
}

/** A `--nocapture` run: from `test NAME ... ` to its late `FAILED`, the test's own output (panic, values, backtrace) between. */
function openVerdict(lines: RunLines, name: string): Piece | null {
  const start = lines.plain.findIndex((line) => OPEN_VERDICT.exec(line)?.[1] === name);
  if (start === -1) return null;
  for (let k = start + 1; k < lines.plain.length; k++) {
    const line = lines.plain[k]!;
    if (LATE_VERDICT.test(line)) return line === "FAILED" ? { at: start, lines: lines.raw.slice(start, k + 1) } : null;
    if (OPEN_VERDICT.test(line) || TALLY.test(line)) return null;
  }
  return null;
}

/**
 * Under `--nocapture` with several threads there is no `---- NAME stdout ----` block: the panic is
 * printed where it happened, lines before the test's verdict (`thread 'NAME' (19991) panicked at
 * src/lib.rs:310:36:` and its message). The panic runs to a blank line, another test's line or a tally.
 */
function panicLines(lines: RunLines, name: string): string[] {
  const start = lines.plain.findIndex((line) => /^thread '([^']*)'(?: \(\d+\))? panicked at /.exec(line)?.[1] === name);
  if (start === -1) return [];
  let end = start + 1;
  while (end < lines.plain.length) {
    const line = lines.plain[end]!;
    if (line.trim() === "" || /^test \S.* \.\.\. /.test(line) || /^thread '/.test(line) || BLOCK_END.test(line)) break;
    end++;
  }
  return lines.raw.slice(start, end).filter((_, k) => {
    const plain = lines.plain[start + k]!;
    return (
      !BACKTRACE_HINT.test(plain) && !STD_FRAME.test(plain) && !(FRAME_SOURCE.test(plain) && STD_FRAME.test(lines.plain[start + k - 1]!))
    );
  });
}

/** The name as the closing `failures:` list prints it, when nothing else of the test was found. */
function listEntry(lines: RunLines, name: string): Piece | null {
  const at = lines.plain.findIndex((line) => line === `    ${name}`);
  return at === -1 ? null : { at, lines: [lines.raw[at]!] };
}

/** `cargo test -q` prints no verdict lines; the names are in the closing `failures:` list. */
function failureListNames(lines: RunLines): string[] {
  const names: string[] = [];
  lines.plain.forEach((line, i) => {
    if (line !== "failures:") return;
    for (let k = i + 1; k < lines.plain.length; k++) {
      const entry = /^ {4}(\S.*)$/.exec(lines.plain[k]!);
      if (!entry) {
        if (lines.plain[k]!.trim() === "" && names.length === 0) continue;
        break;
      }
      names.push(entry[1]!);
    }
  });
  return names;
}
