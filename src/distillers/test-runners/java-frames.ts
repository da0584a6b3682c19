/**
 * A Java failure as a JVM test runner prints it: the exception and its message, then the stack
 * frames, then any `Caused by:` with frames of its own. What an agent reads of it is the message
 * (whole up to twenty lines, its ends past that) and the frames into the project; the JDK's reflection, the runner's own dispatch and the
 * assertion library's frames are the same on every failure and go. A run of frames with none into
 * the project keeps its first (where it was thrown), so no exception is left without a place; a
 * run the same as one already delivered (twenty tests failing in one set-up) is not repeated.
 * When the project is the library under test, every frame is the project's: a long run keeps
 * where it was thrown and the test method that called in, and the project's own calls between
 * them go.
 */
import type { RunLines } from "./reading.ts";

/** `\tat pkg.Class.method(File.java:12)` (JUnitCore) or `       java.base/pkg.Class.method(Native Method)` (the console launcher). */
const FRAME = /^\s*(?:at )?([^\s()]+)\([^()]*\)$/;
/** `... 24 more` and JUnit 4.13's `... 33 trimmed` under a trace, the console launcher's `[...]`. */
const ELIDED = /^\s*(?:\.\.\. \d+ (?:more|trimmed)|\[\.\.\.\])$/;
/** The JDK, the test runners and the assertion libraries: never where a failure is the project's. */
const RUNTIME_PACKAGE =
  /^(?:java|javax|jdk|sun|com\.sun|org\.junit|junit|org\.opentest4j|org\.hamcrest|org\.assertj|org\.mockito|org\.apache\.maven\.surefire|org\.gradle|worker\.org\.gradle|kotlin|scala)\./;

export function isFrame(plain: string): boolean {
  return FRAME.test(plain);
}

/** `java.base/java.io.Reader.<init>` → `java.io.Reader`; `app//com.x.Y$1.run` → `com.x.Y$1`. */
function frameClass(plain: string): string {
  const method = FRAME.exec(plain)?.[1] ?? "";
  const qualified = method.slice(method.lastIndexOf("/") + 1);
  return qualified.slice(0, qualified.lastIndexOf("."));
}

/** A frame into the project: outside the runtime packages, or in the failing test's own class (JUnit testing itself). */
function intoProject(plain: string, testClass: string | null): boolean {
  const owner = frameClass(plain);
  if (testClass !== null && (owner === testClass || owner.startsWith(`${testClass}$`))) return true;
  return !RUNTIME_PACKAGE.test(owner);
}

/**
 * The lines from..to of one failure, raw, minus the frames that are not the project's and the
 * elision lines. `seen` holds the frame runs delivered so far in this output.
 */
export function traceLines(lines: RunLines, from: number, to: number, testClass: string | null, seen: Set<string>): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) {
    const plain = lines.plain[i]!;
    if (ELIDED.test(plain)) continue;
    if (!FRAME.test(plain)) {
      let end = i;
      while (end < to && !FRAME.test(lines.plain[end]!) && !ELIDED.test(lines.plain[end]!)) end++;
      out.push(...messageLines(lines.raw.slice(i, end)));
      i = end - 1;
      continue;
    }
    let end = i;
    while (end < to && (FRAME.test(lines.plain[end]!) || ELIDED.test(lines.plain[end]!))) end++;
    const frames: number[] = [];
    for (let k = i; k < end; k++) if (FRAME.test(lines.plain[k]!)) frames.push(k);
    const own = frames.filter((k) => intoProject(lines.plain[k]!, testClass));
    const kept = own.length > 0 ? aroundTheMiddle(own) : frames.slice(0, 1);
    const key = kept.map((k) => lines.plain[k]!.trim()).join("\n");
    if (!seen.has(key)) out.push(...kept.map((k) => lines.raw[k]!));
    seen.add(key);
    i = end - 1;
  }
  return out;
}

/**
 * A message past this many lines (a mock's list of every expected call, under each of several
 * failures) keeps its first lines and its last (where `expected:<7> but was:<6>` closes it) and
 * says how many it had between: the failures after it stay in the host's view.
 */
const MAX_MESSAGE_LINES = 20;
const FIRST_MESSAGE_LINES = 10;
const LAST_MESSAGE_LINES = 4;

function messageLines(message: string[]): string[] {
  if (message.length <= MAX_MESSAGE_LINES) return message;
  const between = message.length - FIRST_MESSAGE_LINES - LAST_MESSAGE_LINES;
  return [...message.slice(0, FIRST_MESSAGE_LINES), `[${between} more lines of its message]`, ...message.slice(-LAST_MESSAGE_LINES)];
}

/** Project frames past this many in one run keep only their ends. */
const MAX_OWN_FRAMES = 5;
const FIRST_FRAMES = 3;

/** The first frames (where it was thrown) and the last (the test that called in) of a long run. */
function aroundTheMiddle(own: number[]): number[] {
  return own.length <= MAX_OWN_FRAMES ? own : [...own.slice(0, FIRST_FRAMES), own.at(-1)!];
}
