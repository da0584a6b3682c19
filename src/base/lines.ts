/** Line helpers that keep terminators byte-exact (LF and CRLF), so nothing delivered or archived is rewritten. */

/** Split keeping each line's own terminator; the last element has none if the text does not end in "\n". */
export function splitInclusive(text: string): string[] {
  if (text === "") return [];
  const out: string[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf("\n", start);
    if (nl === -1) {
      if (start < text.length) out.push(text.slice(start));
      return out;
    }
    out.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
}

/** The line without its terminator ("\n" or "\r\n"). */
export function stripTerminator(line: string): string {
  if (line.endsWith("\r\n")) return line.slice(0, -2);
  if (line.endsWith("\n")) return line.slice(0, -1);
  return line;
}

/** Lines without terminators; a trailing newline does not produce an empty last line. */
export function splitLines(text: string): string[] {
  return splitInclusive(text).map(stripTerminator);
}

/** Count of lines as a reader would count them (a trailing newline does not start a new line). */
export function countLines(text: string): number {
  // Counted, not split: splitting a large payload only to take a length doubled its memory.
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return text === "" || text.endsWith("\n") ? count : count + 1;
}

const ANSI_PATTERN = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export function stripAnsi(text: string): string {
  return text.includes("\x1b") ? text.replace(ANSI_PATTERN, "") : text;
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** How many leading whitespace characters a line has. */
export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
