/**
 * What the pre-tool hook decides from a command string, pure. A matched command is rewritten
 * into `omni exec …` so its output reaches the reader distilled even when it fails (a failed
 * call's output can no longer be replaced afterwards: Claude Code sends it to
 * PostToolUseFailure, where no reply changes what the model sees).
 */
import { routeCommand, soleOutputProgram } from "./route.ts";
import { parseChain, splitAssignments } from "./shell-words.ts";

/** Commands worth wrapping. A prefix, so `env cargo test` or `true && make` stay raw on purpose. */
const REWRITE_PREFIXES = ["git ", "cargo ", "npm ", "pytest ", "kubectl ", "docker ", "terraform ", "make ", "node ", "python ", "go ", "bash ", "sh "] as const;

/** Command starts (program and first words of a segment) that change files: the hot-file guard warns before these. */
const MUTATING = ["rm", "mv", "cp", "truncate", "git checkout", "git reset", "git add", "git restore", "git clean", "cargo build", "cargo install", "cargo clean", "npm install", "npm ci", "sed -i"];

/** A file named by more than this many commands in one session is "hot". */
export const HOT_FILE_ACCESS_THRESHOLD = 2;

export function isRewritable(command: string): boolean {
  if (!REWRITE_PREFIXES.some((prefix) => command.startsWith(prefix))) return false;
  return !hasUnquotedOperator(command);
}

/** Subcommands that only read: answering "allow" for them waves through nothing the user would refuse. */
const READ_ONLY: Record<string, readonly string[]> = {
  git: ["status", "log", "diff", "show", "blame", "grep", "shortlog", "describe"],
  kubectl: ["get", "describe", "logs", "top", "explain", "version"],
  docker: ["ps", "images", "logs", "inspect", "version", "info"],
  terraform: ["plan", "validate", "show", "version", "fmt"],
  go: ["vet", "list", "version"],
};

/**
 * Whether the rewrite may also answer "allow". It skips the host's permission prompt (deny and
 * ask rules still hold), so it is given only to test and build runs (the command the model asked
 * to run, and the reason the rewrite exists) and to read-only subcommands; anything else is
 * rewritten without a decision and the host asks as it would have.
 */
export function autoApproves(command: string): boolean {
  const { distiller } = routeCommand(command);
  if (distiller === "test" || distiller === "build") return true;
  const program = soleOutputProgram(command).program;
  const sub = program?.args.find((arg) => !arg.startsWith("-"));
  return program !== null && sub !== undefined && (READ_ONLY[program.base]?.includes(sub) ?? false);
}

/** `<exe> exec --agent <id> [--session <id>] <original>`: the shell re-reads the original words as typed. */
export function execRewrite(command: string, exe: string, agentId: string, sessionId: string | null): string {
  const session = sessionId ? ` --session ${shellQuote(sessionId)}` : "";
  return `${shellQuote(exe)} exec --agent ${shellQuote(agentId)}${session} ${command}`;
}

/** Words that look like file paths (a slash or an extension), program name and flags excluded. */
export function targetFiles(command: string): string[] {
  const segments = parseChain(command);
  const files = new Set<string>();
  for (const segment of segments) {
    for (const word of segment.words.slice(1)) {
      if (word.startsWith("-") || word.includes("=")) continue;
      if (/^[\w.~/@+-]+$/.test(word) && (word.includes("/") || /\.[A-Za-z0-9]{1,8}$/.test(word))) files.add(word);
    }
  }
  return [...files];
}

export function isMutating(command: string): boolean {
  return parseChain(command).some((segment) => {
    if (segment.redirectsStdout) return true;
    const { rest } = splitAssignments(segment.words);
    const head = `${rest.join(" ")} `;
    return MUTATING.some((start) => head.startsWith(`${start} `));
  });
}

function hasUnquotedOperator(command: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === "\\" && quote === '"') i++;
      continue;
    }
    if (ch === "\\") {
      i++;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if ("|><;&\n`".includes(ch) || (ch === "$" && command[i + 1] === "(")) return true;
  }
  return false;
}

export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
