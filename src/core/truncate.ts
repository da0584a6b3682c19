/**
 * The final safety cap: past MAX_OUTPUT_BYTES the middle of the reply is elided with a marker,
 * archiving the elided part first so the marker can carry a handle. When the part cannot be
 * archived the reply goes on uncut: an omission without a handle would lose those bytes.
 */
import { byteLength, splitInclusive } from "../base/lines.ts";
import { truncatedBytesMarker, truncatedLinesMarker } from "../base/markers.ts";

/** Archives a block and returns its handle, or null when it could not be stored. */
export type Archiver = (content: string, wholeBytes: number) => string | null;

export function capOutput(text: string, capBytes: number, archive: Archiver): string {
  const total = byteLength(text);
  if (total <= capBytes) return text;
  const lines = splitInclusive(text);
  const tailBudget = Math.floor(capBytes / 5);
  const headBudget = capBytes - tailBudget;
  let head = 0;
  let headBytes = 0;
  while (head < lines.length && headBytes + byteLength(lines[head]!) <= headBudget - 200) headBytes += byteLength(lines[head++]!);
  let tail = lines.length;
  let tailBytes = 0;
  while (tail > head && tailBytes + byteLength(lines[tail - 1]!) <= tailBudget) tailBytes += byteLength(lines[--tail]!);
  if (head === 0 || tail >= lines.length || tail <= head) {
    // No usable line structure: cut by bytes.
    const keptText = Buffer.from(text, "utf8")
      .subarray(0, capBytes - 200)
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
  const kept = head + (lines.length - tail);
  return lines.slice(0, head).join("") + truncatedLinesMarker(kept, lines.length, tail - head, handle) + lines.slice(tail).join("");
}
