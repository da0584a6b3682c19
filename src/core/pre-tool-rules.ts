/**
 * The pre-tool hook's hot-file guard, pure: which files a command names, and whether it would
 * change them. Whether a command is rewritten is the gateway's call (gateway/decide.ts).
 */
import { parseChain, splitAssignments } from "../base/shell-words.ts";

/** Command starts (program and first words of a segment) that change files: the hot-file guard warns before these. */
const MUTATING = [
  "rm",
  "mv",
  "cp",
  "truncate",
  "git checkout",
  "git reset",
  "git add",
  "git restore",
  "git clean",
  "cargo build",
  "cargo install",
  "cargo clean",
  "npm install",
  "npm ci",
  "sed -i",
];

/** A file named by more than this many commands in one session is "hot". */
export const HOT_FILE_ACCESS_THRESHOLD = 2;

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
