/**
 * Lines a terminal erased again: a spinner reporter without a terminal still prints each frame,
 * then `ESC[2K` (erase the line) and `ESC[1A` (up one row) to wipe it before the next. What a user
 * saw is the last frame; the wiped frames (`  1 failed`, `  2 failed`, … as the run went) are
 * progress, not what the run reports. The raw bytes stay in the archive as they were.
 */
import { splitLines, stripAnsi } from "./lines.ts";

const ERASE_LINE = "\x1b[2K";
/** Erase-line, cursor-up (`ESC[nA`) and to-column (`ESC[nG`): the moves a frame's wipe is made of. */
const CONTROL = /\x1b\[2K|\x1b\[(\d*)A|\x1b\[\d*G/g;

/** Each line as a terminal left it, escape codes out, at its own index: a wiped line is empty. */
export function visibleLines(raw: string[]): string[] {
  const out = raw.map(stripAnsi);
  raw.forEach((line, i) => {
    if (!line.includes(ERASE_LINE)) return;
    let row = i;
    let written = "";
    let at = 0;
    for (const move of line.matchAll(CONTROL)) {
      if (row === i) written += line.slice(at, move.index);
      at = move.index + move[0].length;
      if (move[0] === ERASE_LINE) {
        if (row === i) written = "";
        else if (row >= 0) out[row] = "";
      } else if (move[0].endsWith("A")) row -= Number(move[1] || 1);
    }
    const rest = line.slice(at);
    out[i] = stripAnsi(row === i ? written + rest : written);
    if (row !== i && row >= 0) out[row] = stripAnsi(rest);
  });
  return out;
}

/** The whole text as a terminal left it, escape codes out; text that wipes nothing is only stripped, without a copy per line. */
export function visibleText(text: string): string {
  if (!text.includes(ERASE_LINE)) return stripAnsi(text);
  return visibleLines(splitLines(text)).join("\n") + (text.endsWith("\n") ? "\n" : "");
}
