/**
 * Long-form `git status` → the short form git itself prints for `git status -sb`: a `## branch`
 * line, then one `XY path` line per entry. Every path is kept; the `(use "git …")` hints go, but
 * for the one that says how to go on with a rebase, merge or pick stopped on a conflict. A path in
 * conflict keeps git's own words (`both modified:   a.c`, `deleted by them: b.c`): they are the
 * answer of a status taken mid-merge, and the two-letter codes (`UU`, `DU`, `UD`) are easily misread.
 * Lines this does not recognise (rebase or merge in progress, …) are kept verbatim.
 */

type Section = "staged" | "unstaged" | "unmerged" | "untracked" | "ignored";

const SECTIONS = new Map<string, Section>([
  ["Changes to be committed:", "staged"],
  ["Changes not staged for commit:", "unstaged"],
  ["Unmerged paths:", "unmerged"],
  ["Untracked files:", "untracked"],
  ["Ignored files:", "ignored"],
]);

const CHANGE_CODES = new Map([
  ["modified", "M"],
  ["new file", "A"],
  ["deleted", "D"],
  ["renamed", "R"],
  ["copied", "C"],
  ["typechange", "T"],
]);

const UNMERGED_LABELS = new Set([
  "both modified",
  "both added",
  "both deleted",
  "added by us",
  "added by them",
  "deleted by us",
  "deleted by them",
]);

const BRANCH_LINE = /^(?:On branch (.+)|HEAD detached (?:at|from) (.+)|Not currently on any branch\.)$/;
const UPSTREAM_LINES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Your branch is up to date with '(.+)'\.$/, (m) => `...${m[1]}`],
  [/^Your branch is ahead of '(.+)' by (\d+) commits?\.$/, (m) => `...${m[1]} [ahead ${m[2]}]`],
  [/^Your branch is behind '(.+)' by (\d+) commits?, and can be fast-forwarded\.$/, (m) => `...${m[1]} [behind ${m[2]}]`],
  [/^Your branch is based on '(.+)', but the upstream is gone\.$/, (m) => `...${m[1]} [gone]`],
];
/** `(use "git add <file>..." to …)`, `(fix conflicts and run "git commit")`: advice, not state. */
const HINT = /^\((?:use|fix|all conflicts|commit or discard) .*\)$/;
/**
 * The one hint that is state: how to go on with the operation in progress (`(fix conflicts and then
 * run "git rebase --continue")`, `(all conflicts fixed: run "git cherry-pick --continue")`, a merge's
 * `(fix conflicts and run "git commit")`). Printed only while a rebase, merge, am or pick is stopped.
 */
const WAY_ON = /--continue"|^\(fix conflicts and run "git commit"\)$/;
/** Closing remarks that restate what the entries already show. */
const RESTATEMENT = /^(?:no changes added to commit|nothing added to commit but untracked files present)/;
const DIVERGED = /^Your branch and '(.+)' have diverged,$/;
const DIVERGED_COUNTS = /^and have (\d+) and (\d+) different commits each, respectively\.$/;

/** A rebase in progress prints its state before (instead of) the branch line. */
const REBASE_LINE = /^(?:interactive )?rebase in progress; onto \S+$/;

export function isStatus(lines: string[]): boolean {
  const first = lines.find((line) => line.trim() !== "");
  return first !== undefined && (BRANCH_LINE.test(first) || REBASE_LINE.test(first));
}

function headOf(line: string): string | null {
  const branch = BRANCH_LINE.exec(line);
  if (!branch) return null;
  if (branch[1]) return branch[1];
  return branch[2] ? `HEAD (detached ${line.includes(" at ") ? "at" : "from"} ${branch[2]})` : "HEAD (no branch)";
}

export function distillStatus(lines: string[]): string {
  let head: string | null = null;
  let tracking = "";
  const entries: string[] = [];
  const verbatim: string[] = [];
  let section: Section | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const branch: string | null = head === null && section === null ? headOf(trimmed) : null;
    if (branch) {
      head = branch;
      continue;
    }
    if (trimmed === "" || (HINT.test(trimmed) && !WAY_ON.test(trimmed)) || RESTATEMENT.test(trimmed)) continue;
    if (SECTIONS.has(trimmed)) {
      section = SECTIONS.get(trimmed)!;
      continue;
    }
    const upstream = UPSTREAM_LINES.find(([pattern]) => pattern.test(trimmed));
    if (upstream) {
      tracking = upstream[1](upstream[0].exec(trimmed)!);
      continue;
    }
    const diverged = DIVERGED.exec(trimmed);
    const counts = diverged ? DIVERGED_COUNTS.exec(lines[i + 1]?.trim() ?? "") : null;
    if (diverged && counts) {
      tracking = `...${diverged[1]} [ahead ${counts[1]}, behind ${counts[2]}]`;
      i++;
      continue;
    }
    const entry = section && /^\s/.test(line) ? entryLine(section, trimmed) : null;
    if (entry) entries.push(entry);
    else verbatim.push(line);
  }
  return [`## ${head ?? "HEAD (no branch)"}${tracking}`, ...verbatim, ...entries].join("\n") + "\n";
}

function entryLine(section: Section, text: string): string | null {
  if (section === "untracked") return `?? ${text}`;
  if (section === "ignored") return `!! ${text}`;
  const labelled = /^([a-z ]+):\s+(.+)$/.exec(text);
  if (!labelled) return null;
  const [, label, path] = labelled;
  if (section === "unmerged") return UNMERGED_LABELS.has(label!) ? text : null;
  const code = CHANGE_CODES.get(label!);
  if (!code) return null;
  return section === "staged" ? `${code}  ${path}` : ` ${code} ${path}`;
}
