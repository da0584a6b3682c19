/**
 * `go test`: one `ok  pkg` or `FAIL pkg` line per package is the runner's tally (go prints no
 * totals). A failing package is explained by `--- FAIL: Test` lines with the test's log lines,
 * a panic with its goroutine trace, or the compiler errors of a `[build failed]` package. Every
 * failing package must be explained, or the reading is refused. A skipped test keeps its
 * `--- SKIP:` line and the log line that says why (`t.Skip("…")`). A benchmark's result line
 * (`BenchmarkX-2  1000  126.7 ns/op`) is the answer a `-bench` run was asked for, and stays, with
 * the `goos:`/`cpu:` header that says where it was measured. A gocheck suite (`gopkg.in/check.v1`)
 * inside one Go test reports its own failures and tally, read by `gocheckPieces`. A package with
 * no test files keeps its `?` line: its tests did not run.
 */
import { type Piece, type RunLines, type RunReading } from "./reading.ts";

/** `ok  \tpkg\t0.01s`; a TAP point (`ok 12 - name`) names a number, never a package. */
const PACKAGE_OK = /^ok\s+(?!\d+\b)\S+\s/;
const PACKAGE_FAIL = /^FAIL\s+\S+(?:\s|$)/;
/** `?   \tpkg\t[no test files]`: a package whose tests did not run, which an `ok` tally would not say. */
const PACKAGE_UNTESTED = /^\?\s+\S+\s+\[no test files\]$/;
const TEST_FAIL = /^(\s*)--- FAIL: (\S+)/;
const RUN = /^=== (?:RUN|PAUSE|CONT|NAME)\s+(\S+)/;
const TEST_PASS = /^\s*--- (?:PASS|SKIP): /;
const TEST_SKIP = /^(\s*)--- SKIP: (\S+)/;
const PANIC = /^panic: /;
/** `# example.com/pkg` or `# example.com/pkg [example.com/pkg.test]`; not `# TOTAL: 1` (automake) or a TAP comment. */
const BUILD_HEADER = /^# [\w./-]+(?: \[[\w./-]+\])?$/;
const BENCH_RESULT = /^Benchmark\S*\s+\d+\s+[\d.]+ ns\/op/;
const BENCH_CONTEXT = /^(?:goos|goarch|pkg|cpu): /;
/** `-cover` under `-v` prints the package's coverage on its own line before `ok` (the figure asked for). */
const COVERAGE = /^coverage: [\d.]+% of statements\b/;

/** Whether the package line after a `coverage:` line says it again (`ok  pkg  0.01s  coverage: 87.2% of statements`). */
function okSaysCoverage(plain: string[], at: number): boolean {
  const next = plain.findIndex((line, k) => k > at && (PACKAGE_OK.test(line) || PACKAGE_FAIL.test(line)));
  return next !== -1 && plain[next]!.includes("coverage:");
}

export function readGoTest(lines: RunLines): RunReading | null {
  const { plain, raw } = lines;
  const pieces: Piece[] = [];
  let failingPackages = 0;
  let explained = 0;
  let explainedSincePackage = false;
  let lastRun = new Map<string, number>();
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    const run = RUN.exec(line)?.[1];
    if (run !== undefined) lastRun.set(run, i);
    if (
      BENCH_RESULT.test(line) ||
      (COVERAGE.test(line) && !okSaysCoverage(plain, i)) ||
      (BENCH_CONTEXT.test(line) && plain.some((other) => BENCH_RESULT.test(other))) ||
      PACKAGE_UNTESTED.test(line)
    ) {
      pieces.push({ at: i, lines: [raw[i]!] });
    } else if (PACKAGE_OK.test(line)) {
      pieces.push({ at: i, lines: [raw[i]!] });
      explainedSincePackage = false;
      lastRun = new Map();
    } else if (PACKAGE_FAIL.test(line)) {
      pieces.push({ at: i, lines: [raw[i]!] });
      failingPackages++;
      if (explainedSincePackage) explained++;
      explainedSincePackage = false;
      lastRun = new Map();
    } else if (TEST_FAIL.test(line)) {
      const [, indent, name] = TEST_FAIL.exec(line)!;
      const logs = verboseLogs(lines, lastRun.get(name!), i);
      let end = i + 1;
      while (end < plain.length && plain[end]!.startsWith(`${indent}    `) && !TEST_FAIL.test(plain[end]!) && !TEST_PASS.test(plain[end]!))
        end++;
      pieces.push({ at: i, lines: [...logs, ...raw.slice(i, end)] });
      explainedSincePackage = true;
      i = end - 1;
    } else if (TEST_SKIP.test(line)) {
      const name = TEST_SKIP.exec(line)![2]!;
      pieces.push({ at: i, lines: [...verboseLogs(lines, lastRun.get(name), i), raw[i]!] });
    } else if (PANIC.test(line) || BUILD_HEADER.test(line)) {
      let end = i + 1;
      while (
        end < plain.length &&
        !PACKAGE_FAIL.test(plain[end]!) &&
        !PACKAGE_OK.test(plain[end]!) &&
        !(BUILD_HEADER.test(line) && BUILD_HEADER.test(plain[end]!))
      )
        end++;
      pieces.push({ at: i, lines: withoutRuntimeFrames(lines, i, end) });
      explainedSincePackage = true;
      i = end - 1;
    }
  }
  pieces.push(...gocheckPieces(lines));
  if (pieces.length === 0 || !pieces.some((p) => PACKAGE_OK.test(plain[p.at]!) || PACKAGE_FAIL.test(plain[p.at]!))) return null;
  return { pieces, failuresFound: explained, failuresTallied: failingPackages };
}

/** With -v, a test's log lines stream right after its own `=== RUN`, up to the next test's. */
function verboseLogs(lines: RunLines, runAt: number | undefined, failAt: number): string[] {
  if (runAt === undefined) return [];
  // A gocheck suite's lines are its own report, read on their own.
  if (lines.plain.slice(runAt + 1, failAt).some((line) => GOCHECK_TALLY.test(line))) return [];
  const out: string[] = [];
  for (let k = runAt + 1; k < failAt; k++) {
    const line = lines.plain[k]!;
    if (RUN.test(line) || TEST_PASS.test(line) || TEST_FAIL.test(line)) break;
    if (line.trim() !== "") out.push(lines.raw[k]!);
  }
  return out;
}

/**
 * A goroutine trace lists each frame as a function line and a tab-indented `file:line +0x…` line.
 * Frames inside Go's own runtime and testing packages are the same in every panic; the frames
 * into the project stay, in order.
 */
function withoutRuntimeFrames(lines: RunLines, from: number, to: number): string[] {
  const drop = new Set<number>();
  for (let k = from + 1; k < to; k++) {
    if (/^\t\S*\/src\/(?:runtime|testing)\/\S+:\d+(?: \+0x[0-9a-f]+)?$/.test(lines.plain[k]!)) drop.add(k).add(k - 1);
  }
  return lines.raw.slice(from, to).filter((_, k) => !drop.has(from + k));
}

/**
 * gocheck's report: `FAIL: file_test.go:775: S.TestName` (also `PANIC:`, `MISS:`, `FIXTURE-PANIC:`),
 * after a rule of dashes and above the test's log and its failed check; with `-check.vv` the block
 * runs from `START: …` down to the verdict. `OOPS: 31 passed, 2 FAILED` or `OK: 33 passed` is the
 * suite's tally, which `go test` itself never prints.
 */
const GOCHECK_VERDICT = /^(?:FAIL|PANIC|MISS|FIXTURE-PANIC|FIXTURE-FAIL): \S+\.go:\d+: (\S+)/;
const GOCHECK_START = /^START: \S+\.go:\d+: (\S+)/;
const GOCHECK_END = /^(?:-{40,}|(?:START|PASS|SKIP|FAIL|PANIC|MISS|FIXTURE-PANIC|FIXTURE-FAIL|EXPECTED FAILURE): \S+\.go:\d+: |--- )/;
const GOCHECK_TALLY = /^(?:OOPS|OK): \d+ passed\b/;
/** The check that failed: `decode_test.go:790:` over the call and gocheck's `... obtained …` lines. */
const GOCHECK_CHECK_AT = /^\S+\.go:\d+:$/;
/** A block without a located check (a panic's trace, say) keeps this many of its lines. */
const MAX_GOCHECK_LINES = 30;

function gocheckPieces(lines: RunLines): Piece[] {
  const { plain, raw } = lines;
  const pieces: Piece[] = [];
  const started = new Map<string, number>();
  for (let i = 0; i < plain.length; i++) {
    const line = plain[i]!;
    const start = GOCHECK_START.exec(line)?.[1];
    if (start !== undefined) started.set(start, i);
    if (GOCHECK_TALLY.test(line)) pieces.push({ at: i, lines: [raw[i]!] });
    const failed = GOCHECK_VERDICT.exec(line)?.[1];
    if (failed === undefined) continue;
    pieces.push({ at: i, lines: [raw[i]!] });
    // -check.vv: the block is above its verdict; otherwise below it.
    const from = started.has(failed) ? started.get(failed)! + 1 : i + 1;
    let to = from;
    while (to < plain.length && !GOCHECK_END.test(plain[to]!) && !GOCHECK_TALLY.test(plain[to]!)) to++;
    const checks = gocheckChecks(plain, from, to);
    const kept =
      checks.length > 0
        ? checks.map((k) => raw[k]!)
        : raw.slice(from, Math.min(to, from + MAX_GOCHECK_LINES)).filter((_, k) => plain[from + k]!.trim() !== "");
    if (kept.length > 0) pieces.push({ at: Math.min(from, i + 1), lines: kept });
  }
  return pieces;
}

/** The indices of each located check in a block, from its `file.go:N:` line to the blank line after it. */
function gocheckChecks(plain: string[], from: number, to: number): number[] {
  const kept: number[] = [];
  for (let k = from; k < to; k++) {
    if (!GOCHECK_CHECK_AT.test(plain[k]!)) continue;
    while (k < to && plain[k]!.trim() !== "") kept.push(k++);
  }
  return kept;
}
