/**
 * The one shell form the gateway rewrites, read from a command string with certainty or not at
 * all: leading builtins that must stay in the host's shell (`cd build && `, `export X=1; `), then
 * one simple command, optionally led by `VAR=value` words or the `time` keyword and closed by
 * `2>&1`. Anything else (pipes, redirects, substitutions, heredocs, subshells, background jobs,
 * several lines) is refused with the reason, and the command runs as the agent typed it.
 *
 * Nothing here re-quotes: the rewrite splices omni in front of the final command's own text, so
 * the shell reads every word exactly as it would have (rtk#815: never change argv).
 */

export interface ShellForm {
  /** The leading builtin segments and their operators, exactly as typed (`cd build && `). */
  prefix: string;
  /** The final command's leading `VAR=value` words, as typed, with the space after them. */
  assignments: string;
  /** The bash `time` keyword (and `-p`) before the final command, as typed; it times omni then. */
  timeKeyword: string;
  /** The final command from its program word on, exactly as typed (a closing `2>&1` included). */
  body: string;
  /** The final command's words with quotes removed, assignments and `time` excluded: for routing. */
  words: string[];
  /** Names the leading assignments set. */
  assigned: string[];
}

export type ShellFormResult = { form: ShellForm } | { refused: string };

interface Token {
  kind: "word" | "op" | "merge";
  /** The word without its quotes, or the operator. */
  text: string;
  start: number;
  end: number;
}

/** Builtins that may lead the final command: they change the host shell's state and print nothing. */
export const LEADING_BUILTINS = new Set(["cd", "pushd", "export", "source", ".", "set", "unset", "umask"]);

/** Words that are shell syntax or builtins when they start a command: omni exec cannot run them as a program. */
const NOT_A_PROGRAM = new Set([
  "cd",
  "pushd",
  "popd",
  "exec",
  "eval",
  "source",
  ".",
  "builtin",
  "command",
  "alias",
  "unalias",
  "export",
  "set",
  "unset",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "for",
  "while",
  "until",
  "do",
  "done",
  "case",
  "esac",
  "function",
  "select",
  "[[",
  "]]",
  "[",
  "test",
  "read",
  "wait",
  "trap",
  "return",
  "exit",
  "shift",
  "local",
  "declare",
  "typeset",
  "readonly",
  "let",
  "jobs",
  "fg",
  "bg",
  "kill",
  "type",
  "hash",
  "history",
  "coproc",
  "time",
  "!",
  "{",
  "}",
  "ulimit",
  "umask",
  "shopt",
  "enable",
  "disown",
  "suspend",
  "logout",
  "times",
  "getopts",
  "mapfile",
  "readarray",
  "compgen",
  "complete",
]);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export function parseShellForm(command: string): ShellFormResult {
  const scanned = scan(command);
  if ("refused" in scanned) return scanned;
  const segments = splitSegments(scanned.tokens);
  if ("refused" in segments) return segments;
  const last = segments.list[segments.list.length - 1]!;
  for (const segment of segments.list.slice(0, -1)) {
    if (!LEADING_BUILTINS.has(segment[0]!.text) || segment.some((token) => token.kind === "merge"))
      return { refused: `chain: only ${[...LEADING_BUILTINS].join(", ")} may come before the command` };
  }
  return finalCommand(command, last, segments.list.length > 1 ? command.slice(0, last[0]!.start) : "");
}

function finalCommand(command: string, tokens: Token[], prefix: string): ShellFormResult {
  let i = 0;
  const assigned: string[] = [];
  while (i < tokens.length && tokens[i]!.kind === "word" && isPlainAssignment(command, tokens[i]!)) {
    assigned.push(tokens[i]!.text.slice(0, tokens[i]!.text.indexOf("=")));
    i++;
  }
  let timeEnd = -1;
  // `time` is a keyword only at the start of a command; after an assignment it is /usr/bin/time.
  if (assigned.length === 0 && tokens[i]?.text === "time" && isBareWord(command, tokens[i]!)) {
    i++;
    if (tokens[i]?.text === "-p") i++;
    timeEnd = tokens[i - 1]!.end;
  }
  const rest = tokens.slice(i);
  const mergeAt = rest.findIndex((token) => token.kind === "merge");
  if (mergeAt !== -1 && mergeAt !== rest.length - 1) return { refused: "2>&1 before the end of the command" };
  const words = rest.filter((token) => token.kind === "word");
  if (words.length === 0) return { refused: "no command after the assignments" };
  const program = words[0]!;
  if (NOT_A_PROGRAM.has(program.text) && isBareWord(command, program)) return { refused: `${program.text} is shell syntax or a builtin` };
  const bodyStart = program.start;
  // Assignments and the `time` keyword never come together (see above): one of them leads.
  const lead = command.slice(tokens[0]!.start, bodyStart);
  const assignmentsText = assigned.length > 0 ? lead : "";
  const timeKeyword = timeEnd === -1 ? "" : lead;
  return {
    form: {
      prefix,
      assignments: assignmentsText,
      timeKeyword,
      body: command.slice(bodyStart, rest[rest.length - 1]!.end),
      words: words.map((token) => token.text),
      assigned,
    },
  };
}

/** `NAME=value` typed as one word whose name part carries no quotes. */
function isPlainAssignment(command: string, token: Token): boolean {
  return ASSIGNMENT.test(command.slice(token.start, token.end));
}

/** The word as typed is the text itself: no quotes or escapes made it. */
function isBareWord(command: string, token: Token): boolean {
  return command.slice(token.start, token.end) === token.text;
}

function splitSegments(tokens: Token[]): { list: Token[][] } | { refused: string } {
  const list: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    if (token.kind !== "op") {
      current.push(token);
      continue;
    }
    if (token.text !== "&&" && token.text !== ";") return { refused: OPERATOR_REASONS[token.text] ?? `operator ${token.text}` };
    if (current.length === 0) return { refused: `empty command before ${token.text}` };
    list.push(current);
    current = [];
  }
  if (current.length === 0) return { refused: list.length === 0 ? "empty command" : "the command ends in an operator" };
  list.push(current);
  return { list };
}

const OPERATOR_REASONS: Record<string, string> = {
  "|": "pipe: the output is data for the next program",
  "|&": "pipe: the output is data for the next program",
  "||": "|| chain: what runs depends on the exit code",
  "&": "background job",
};

type ScanResult = { tokens: Token[] } | { refused: string };

/** Words and operators with their spans; refuses every construct whose meaning a rewrite could change. */
function scan(command: string): ScanResult {
  const tokens: Token[] = [];
  let word = "";
  let start = -1;
  const endWord = (end: number) => {
    if (start !== -1) tokens.push({ kind: "word", text: word, start, end });
    word = "";
    start = -1;
  };
  const begin = (at: number) => {
    if (start === -1) start = at;
  };
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (ch === " " || ch === "\t") {
      endWord(i);
      continue;
    }
    if (ch === "\n" || ch === "\r") return { refused: "several lines" };
    if (ch === "'") {
      begin(i);
      const close = command.indexOf("'", i + 1);
      if (close === -1) return { refused: "unbalanced quote" };
      word += command.slice(i + 1, close);
      i = close;
      continue;
    }
    if (ch === '"') {
      begin(i);
      const read = doubleQuoted(command, i + 1);
      if ("refused" in read) return read;
      word += read.text;
      i = read.end;
      continue;
    }
    if (ch === "\\") {
      if (i + 1 >= command.length || command[i + 1] === "\n") return { refused: "line continuation" };
      begin(i);
      word += command[++i];
      continue;
    }
    if (ch === "`") return { refused: "command substitution" };
    if (ch === "$" && command[i + 1] === "(") return { refused: "command substitution" };
    if ((ch === "<" || ch === ">") && command[i + 1] === "(") return { refused: "process substitution" };
    if (ch === "<") return { refused: command[i + 1] === "<" ? "heredoc" : "input redirect" };
    if (ch === ">") {
      // `2>&1` alone, and only that, keeps the output where the agent reads it.
      if (word === "2" && start === i - 1 && command.slice(i, i + 3) === ">&1" && /^(?:$|[\s;&|])/.test(command.slice(i + 3, i + 4))) {
        tokens.push({ kind: "merge", text: "2>&1", start: i - 1, end: i + 3 });
        word = "";
        start = -1;
        i += 2;
        continue;
      }
      return { refused: "output redirect: the output is data" };
    }
    if (ch === "(" || ch === ")") return { refused: "subshell or function syntax" };
    if (start === -1 && (ch === "#" || ch === "!" || ((ch === "{" || ch === "}") && /^(?:$|[\s;&|])/.test(command[i + 1] ?? "")))) {
      return { refused: ch === "#" ? "comment" : ch === "!" ? "negation or history" : "command group" };
    }
    if (ch === "&" || ch === "|" || ch === ";") {
      endWord(i);
      const two = command.slice(i, i + 2);
      if (two === ";;" || two === ";&") return { refused: "case syntax" };
      const op = two === "&&" || two === "||" || two === "|&" ? two : ch;
      if (ch === "&" && command[i + 1] === ">") return { refused: "output redirect: the output is data" };
      tokens.push({ kind: "op", text: op, start: i, end: i + op.length });
      i += op.length - 1;
      continue;
    }
    begin(i);
    word += ch;
  }
  endWord(command.length);
  return { tokens };
}

/** A double-quoted string from just past its opening quote: `$(…)` and backticks run even there. */
function doubleQuoted(command: string, from: number): { text: string; end: number } | { refused: string } {
  let text = "";
  for (let i = from; i < command.length; i++) {
    const ch = command[i]!;
    if (ch === '"') return { text, end: i };
    if (ch === "`" || (ch === "$" && command[i + 1] === "(")) return { refused: "command substitution inside double quotes" };
    if (ch === "\\" && i + 1 < command.length && '"\\$`\n'.includes(command[i + 1]!)) {
      if (command[i + 1] === "\n") return { refused: "line continuation" };
      text += command[++i];
      continue;
    }
    if (ch === "\n") return { refused: "several lines" };
    text += ch;
  }
  return { refused: "unbalanced quote" };
}
