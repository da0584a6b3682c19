/**
 * The final cap: past it the middle of the reply is elided with a marker, archiving the elided
 * part first so the marker can carry a handle. The lines of the middle that state a failure, then
 * the headings that name a numbered failure, then a linter's error-class findings, then those that state a warning, stay (after the marker, in order) while they fit in half of the
 * head's room: a cut reply still names every failure it can. When the part cannot be archived
 * the reply goes on uncut: an omission without a handle would lose those bytes.
 */
import { carriesFailure } from "../base/failure.ts";
import { byteLength, splitInclusive, stripAnsi } from "../base/lines.ts";
import { truncatedBytesMarker, truncatedLinesMarker } from "../base/markers.ts";

/** Archives a block and returns its handle, or null when it could not be stored. */
export type Archiver = (content: string, wholeBytes: number) => string | null;

/** A warning's line (`warning:`, rubocop's `W:`, pylint's `W0612:`): kept after the failures. */
const WARNING = /\bwarn(?:ing)?s?\b|^\S+:\d+(?::\d+)?: W(?:\d{3,4})?: /i;

/**
 * A numbered failure's heading, which names the failing test (PHPUnit's and JUnit 4's
 * `12) testName(pkg.Class)`, mocha's and rspec's `3) suite name`): kept right after the failure lines.
 */
const NUMBERED_HEADER = /^\d+\) \S/;
/** A linter's error-class finding (pylint's `E0102:`, rubocop's `E:`/`F:`): kept before the warnings. */
const ERROR_FINDING = /^\S+:\d+(?::\d+)?: [EF](?:\d{3,4})?: /;

/** At most this much of the marker names the files and rule codes the dropped lines are about. */
const MAX_INDEX_BYTES = 1_000;
/**
 * A line that opens with a file's path: `src/a.c:3:1: …`, `lib/URI.pm: [Policy] …`, eslint's path
 * heading, `t/a.py::test_b`, `configure:21:3: …`. Its extension is short: `java.lang.NoClassDefFoundError:` names a class.
 */
const NAMES_FILE =
  /^((?:\/|\.\/)?(?:[\w.+@-]+\/)*[\w.+@-]+\.[A-Za-z]\w{0,5})(?=::|:\d|: |\s*$)|^((?:[\w.+@-]+\/)*[\w+@-][\w.+@-]*)(?=:\d+:\d+: )/;
/**
 * A finding's rule code, the first of: a leading `W0612:` / `E501` (pylint, flake8: a repeat that
 * points back keeps it), shellcheck's and gcc's `[SC2086]` / `[-Wunused]`, mypy's `[arg-type]`,
 * pylint's `(invalid-name)` alone, rubocop's `Style/Foo:`, markdownlint's `MD013/`.
 */
const RULE_CODE = [
  /^\S+?:\d+(?::\d+)?: ([A-Z]{1,3}\d{3,5}):? /,
  /\[([A-Z]{1,4}\d{3,5}|-W[\w=+-]+|[a-z]+(?:-[a-z]+)+)\]\s*$/,
  /\(([a-z]+(?:-[a-z]+)+)\)\s*$/,
  /^\S+?:\d+(?::\d+)?: [CWREF]: (?:\[Correctable\] )?([A-Z]\w+\/\w+):/,
  /^\S+?:\d+(?::\d+)? (MD\d{3})\//,
];

/** Room left for the marker line. */
const MARKER_ROOM_BYTES = 200;

/** `tailShare`: the part of the cap the tail may take. */
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
  // The lines as tested (escape codes out, trimmed), once: on a megabyte reply each copy counts.
  const plain = lines.slice(0, tail).map((line) => stripAnsi(line).trim());
  let cut = planCut(lines, plain, sizes, tail, budget);
  // When the dropped lines name files, the marker lists them: the head gives up that room.
  const indexRoom = Math.min(MAX_INDEX_BYTES, Math.floor(capBytes / 20));
  let files = filesNamed(cut.dropped, indexRoom);
  if (files !== null) {
    cut = planCut(lines, plain, sizes, tail, budget - indexRoom);
    files = filesNamed(cut.dropped, indexRoom);
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
  const marker = truncatedLinesMarker(kept, lines.length, tail - head - middle.length, handle, files);
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
  const failing = signalLines(plain, sizes, budget / 2);
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
 * The indexes of the (plain, trimmed) lines that state a failure, then of numbered failure
 * headings, then of a linter's error-class
 * findings, then of those that state a warning,
 * while they fit in `budget` bytes; in the order printed.
 */
function signalLines(plain: string[], sizes: number[], budget: number): number[] {
  const failing: number[] = [];
  const named: number[] = [];
  const errorFinding: number[] = [];
  const warning: number[] = [];
  plain.forEach((line, i) => {
    if (carriesFailure(line)) failing.push(i);
    else if (NUMBERED_HEADER.test(line)) named.push(i);
    else if (ERROR_FINDING.test(line)) errorFinding.push(i);
    else if (WARNING.test(line)) warning.push(i);
  });
  const found: number[] = [];
  let bytes = 0;
  for (const tier of [failing, named, errorFinding, warning])
    for (const i of tier) {
      if (bytes + sizes[i]! > budget) break;
      found.push(i);
      bytes += sizes[i]!;
    }
  return found.sort((a, b) => a - b);
}

/**
 * The files the dropped lines name, in the order first named, each with how many dropped lines
 * name it (`docs/USING.md 38, test/spec.js 120`), then the rule codes the findings among them
 * state (`codes SC2086, SC2006`; a repeat that points back names none, so codes are not counted), within `room` bytes; past it, how many more. A linter's or a
 * runner's list cut in its middle still says which files it reached and what it found there.
 */
function filesNamed(dropped: string[], room: number): string | null {
  const files = new Map<string, number>();
  const codes = new Map<string, number>();
  for (const line of dropped) {
    // Most lines carry no escape codes: test the line itself rather than a copy of every line.
    // A file's path opens its line: indented lines (a trace's frames) are not counted. Few lines carry escape codes.
    const plain = line.includes("\u001b") ? stripAnsi(line) : line;
    const named = NAMES_FILE.exec(plain);
    const path = named?.[1] ?? named?.[2];
    if (path !== undefined) files.set(path, (files.get(path) ?? 0) + 1);
    for (const pattern of RULE_CODE) {
      const code = pattern.exec(plain)?.[1];
      if (code === undefined) continue;
      codes.set(code, 0); // listed by name only: a repeat that points back names no code, so a count would mislead
      break;
    }
  }
  if (files.size === 0 && codes.size === 0) return null;
  // Codes are the shorter list and say what was found: they get their room first, files the rest.
  const codeList = listWithin(codes, Math.floor(room / 2), false);
  const fileList = listWithin(files, room - byteLength(codeList ?? ""), true);
  return [fileList === null ? null : `lines naming ${fileList}`, codeList === null ? null : `codes ${codeList}`]
    .filter((part) => part !== null)
    .join("; ");
}

/** `name count, name count` (or the names alone) in the order first seen, within `room` bytes; past it, `N more`. */
function listWithin(counts: Map<string, number>, room: number, counted: boolean): string | null {
  if (counts.size === 0) return null;
  const parts: string[] = [];
  let bytes = 0;
  for (const [name, count] of counts) {
    const part = counted ? `${name} ${count}` : name;
    if (bytes + byteLength(part) + 2 > room - 20) break;
    parts.push(part);
    bytes += byteLength(part) + 2;
  }
  const more = counts.size - parts.length;
  if (more > 0) parts.push(`${more} more`);
  return parts.join(", ");
}
