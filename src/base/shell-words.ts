/**
 * A small quote-aware reader of shell command strings. It never evaluates anything: it only
 * finds words and the operators between them, so routing can ask "which program printed this?".
 */

export type ChainOperator = "&&" | "||" | ";" | "|" | "&" | "\n";

export interface ShellSegment {
  words: string[];
  /** The operator that joins this segment to the next one (undefined for the last). */
  next?: ChainOperator;
  /** A `>`/`>>` redirection of stdout to a file appeared in this segment. */
  redirectsStdout: boolean;
  /** The segment's text exactly as typed, trimmed (quotes and escapes kept). */
  raw: string;
}

/** Split a command line into segments at unquoted `&& || ; | &` and newlines. */
export function parseChain(command: string): ShellSegment[] {
  const segments: ShellSegment[] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  let redirects = false;
  let quote: "'" | '"' | null = null;
  let from = 0;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  /** The segment ends at `at`, where an operator of `length` characters (none at the end) begins. */
  const endSegment = (at: number, length: number, next?: ChainOperator) => {
    endWord();
    if (words.length > 0 || next) segments.push({ words, next, redirectsStdout: redirects, raw: command.slice(from, at).trim() });
    words = [];
    redirects = false;
    from = at + length;
  };
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === "\\" && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
      continue;
    }
    if (ch === "\\" && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
      continue;
    }
    const two = command.slice(i, i + 2);
    if (two === "&&" || two === "||") {
      endSegment(i, 2, two);
      i++;
      continue;
    }
    if (ch === ";" || ch === "\n" || ch === "|" || ch === "&") {
      // `2>&1` and `&>` are redirections, not operators.
      if (ch === "&" && (command[i - 1] === ">" || command[i + 1] === ">")) {
        word += ch;
        inWord = true;
        continue;
      }
      endSegment(i, 1, ch as ChainOperator);
      continue;
    }
    if (ch === ">" && command[i - 1] !== ">") {
      const fd = inWord && /^[0-9]$/.test(word) ? word : "1";
      const target = command.slice(i + 1).replace(/^>?\s*/, "");
      // `2>/dev/null`, `2>&1` and `>&2` leave the output the agent reads where it was.
      if (fd === "1" && !target.startsWith("&")) redirects = true;
    }
    if (ch === " " || ch === "\t") {
      endWord();
      continue;
    }
    word += ch;
    inWord = true;
  }
  endSegment(command.length, 0);
  return segments;
}

/** Words of a simple command, quotes removed; empty when the text is empty. */
export function basename(word: string): string {
  const cut = word.slice(word.lastIndexOf("/") + 1);
  return cut.endsWith(".exe") ? cut.slice(0, -4) : cut;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function isAssignment(word: string): boolean {
  return ASSIGNMENT.test(word);
}

/** Leading `VAR=value` words of a segment, and the words after them. */
export function splitAssignments(words: string[]): { assignments: string[]; rest: string[] } {
  let i = 0;
  while (i < words.length && isAssignment(words[i]!)) i++;
  return { assignments: words.slice(0, i), rest: words.slice(i) };
}
