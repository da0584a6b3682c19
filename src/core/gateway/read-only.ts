/**
 * Commands the host itself lets run without asking because they only read (measured with the real
 * Claude Code CLI: `git status`, `git log`, `git diff`, `git grep`, `git blame`, `docker ps` run in
 * default mode with no rule; `cargo test`, `kubectl get`, `FOO=1 git status` ask). A rewrite hides
 * the program from that check, so for these the gateway either answers "allow" itself, which it
 * does only for a spelling proven to read and nothing more, or leaves the command alone.
 */
import type { Level } from "./long-running.ts";

/** Subcommands the host may wave through as read-only. */
const HOST_READ_ONLY: Record<string, ReadonlySet<string>> = {
  git: new Set([
    "status",
    "log",
    "diff",
    "show",
    "blame",
    "grep",
    "shortlog",
    "describe",
    "branch",
    "tag",
    "ls-files",
    "ls-tree",
    "rev-parse",
    "remote",
    "reflog",
    "whatchanged",
    "cat-file",
    "config",
    "stash",
    "show-ref",
    "for-each-ref",
    "name-rev",
    "merge-base",
    "count-objects",
    "annotate",
  ]),
  docker: new Set(["ps", "images", "logs", "inspect", "version", "info", "stats", "top", "history", "port"]),
  podman: new Set(["ps", "images", "logs", "inspect", "version", "info"]),
};

/** What omni answers "allow" for, and only with flags from this list: each reads and writes nothing else. */
const PROVEN: Record<string, Record<string, RegExp>> = {
  git: {
    status:
      /^(?:-s|--short|-b|--branch|--long|-v|--verbose|--porcelain(?:=v[12])?|-u(?:no|normal|all)?|--untracked-files(?:=(?:no|normal|all))?|--ignored|--show-stash|--ahead-behind|--no-ahead-behind|--renames|--no-renames)$/,
    log: /^(?:--oneline|--graph|--decorate(?:=(?:short|full|no))?|--no-decorate|--all|--branches|--tags|--stat|--shortstat|--numstat|--name-only|--name-status|-p|--patch|-u|--no-patch|-s|--reverse|--no-merges|--merges|--first-parent|--follow|--abbrev-commit|--no-abbrev-commit|-[0-9]+|-n|--max-count=[0-9]+|--skip=[0-9]+|--since=[\w.:-]+|--after=[\w.:-]+|--until=[\w.:-]+|--before=[\w.:-]+|--author=[\w.@-]+|--committer=[\w.@-]+|--date=(?:relative|local|iso|iso-strict|rfc|short|raw|human|unix)|--pretty=(?:oneline|short|medium|full|fuller|reference|raw)|--format=(?:oneline|short|medium|full|fuller|reference|raw)|--color=never|--no-color|-w|--ignore-all-space|--full-history|--left-right|--cherry-pick|--topo-order|--date-order|--)$/,
    diff: /^(?:--cached|--staged|--stat|--shortstat|--numstat|--name-only|--name-status|--summary|--patch-with-stat|-p|--patch|-U[0-9]+|--unified=[0-9]+|-w|--ignore-all-space|-b|--ignore-space-change|--ignore-blank-lines|--word-diff(?:=(?:plain|color|none))?|--color=never|--no-color|--minimal|--patience|--histogram|-M|-C|--find-renames|--check|-R|--)$/,
    show: /^(?:--stat|--shortstat|--numstat|--name-only|--name-status|--summary|-s|--no-patch|-p|--patch|--oneline|--abbrev-commit|--pretty=(?:oneline|short|medium|full|fuller|raw)|--format=(?:oneline|short|medium|full|fuller|raw)|-U[0-9]+|-w|--color=never|--no-color|--)$/,
    shortlog: /^(?:-s|-n|-e|--summary|--numbered|--email|--all|--no-merges|-[0-9]+)$/,
    describe: /^(?:--tags|--all|--long|--always|--abbrev=[0-9]+|--dirty|--exact-match)$/,
  },
  docker: {
    ps: /^(?:-a|--all|-q|--quiet|-l|--latest|-s|--size|--no-trunc|-n|[0-9]+)$/,
    images: /^(?:-a|--all|-q|--quiet|--no-trunc|--digests)$/,
  },
};

/** A revision, a path or a count: letters, digits and `._/~^@:-`, no quotes, globs, expansions or options. */
const PLAIN_OPERAND = /^[A-Za-z0-9_][A-Za-z0-9_./~^@:+-]*$/;

export function hostMayAllowAsReadOnly(level: Level): boolean {
  const sub = level.args[0];
  return sub !== undefined && (HOST_READ_ONLY[level.base]?.has(sub) ?? false);
}

/**
 * The subcommand is first (no global options such as `-C`, `-c` or `--git-dir` before it), every
 * flag is on its list, every operand is plain. `git log --output=F`, `git diff --no-index`,
 * `git grep -O…` and `git blame --contents=F` fail this, and so does any `$`, quote or glob.
 */
export function provenReadOnly(level: Level, typed: string): boolean {
  const [sub, ...rest] = level.args;
  const flags = sub === undefined ? undefined : PROVEN[level.base]?.[sub];
  if (!flags) return false;
  // The words as typed must be the words the shell passes: no quotes, escapes, globs or expansions.
  if (!/^[A-Za-z0-9_@%+=:,./~^ -]+$/.test(typed.replace(/ 2>&1$/, ""))) return false;
  let afterDoubleDash = false;
  for (const arg of rest) {
    if (afterDoubleDash) {
      if (!PLAIN_OPERAND.test(arg)) return false;
      continue;
    }
    if (arg === "--") afterDoubleDash = true;
    if (arg.startsWith("-")) {
      if (!flags.test(arg)) return false;
    } else if (!PLAIN_OPERAND.test(arg)) return false;
  }
  return true;
}
