/**
 * The final cap: past it the middle of the reply is elided with a marker, archiving the elided
 * part first so the marker can carry a handle. The lines of the middle that state a failure, then
 * a linter's error-class findings, then those that state a warning, stay (after the marker, in order) while they fit in half of the
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

/** A linter's error-class finding (pylint's `E0102:`, rubocop's `E:`/`F:`): kept before the warnings. */
const ERROR_FINDING = /^\S+:\d+(?::\d+)?: [EF](?:\d{3,4})?: /;

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
  const failing = signalLines(lines, sizes, tail, budget / 2);
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
  const middle = failing.slice(next).map((i) => lines[i]!);
  const kept = head + middle.length + (lines.length - tail);
  const marker = truncatedLinesMarker(kept, lines.length, tail - head - middle.length, handle);
  return lines.slice(0, head).join("") + marker + middle.join("") + lines.slice(tail).join("");
}

/**
 * The indexes of the lines before `end` that state a failure, then of a linter's error-class
 * findings, then of those that state a warning,
 * while they fit in `budget` bytes; in the order printed.
 */
function signalLines(lines: string[], sizes: number[], end: number, budget: number): number[] {
  const plain = lines.slice(0, end).map((line) => stripAnsi(line).trim());
  const failing = plain.flatMap((line, i) => (carriesFailure(line) ? [i] : []));
  const errorFinding = plain.flatMap((line, i) => (!carriesFailure(line) && ERROR_FINDING.test(line) ? [i] : []));
  const warning = plain.flatMap((line, i) => (!carriesFailure(line) && !ERROR_FINDING.test(line) && WARNING.test(line) ? [i] : []));
  const found: number[] = [];
  let bytes = 0;
  for (const tier of [failing, errorFinding, warning])
    for (const i of tier) {
      if (bytes + sizes[i]! > budget) break;
      found.push(i);
      bytes += sizes[i]!;
    }
  return found.sort((a, b) => a - b);
}
