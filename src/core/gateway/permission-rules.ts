/**
 * The user's own permission rules for the shell tool, matched against the command as the agent
 * typed it, the way Claude Code documents and does it: deny, then ask, then allow; the first
 * kind that matches decides. A compound command is judged per subcommand: deny and ask hold when
 * any subcommand matches, allow only when every one does.
 *
 * Matching errs in the safe direction for each kind. Deny and ask are tried against more
 * spellings than the host may try (wrappers, leading assignments and quotes removed too), so an
 * unmatched deny is never the reason a command ran; allow is tried only against the text as
 * typed, so omni never grants what the host would not.
 */
import { basename, parseChain, splitAssignments } from "../../base/shell-words.ts";

export type RuleKind = "deny" | "ask" | "allow";
/** `partial`: an allow rule matches some part or spelling of the command, not all of it as typed; what the host then does is its own call. */
export type Verdict = RuleKind | "partial" | "none";

export interface PermissionRules {
  deny: string[];
  ask: string[];
  allow: string[];
}

export const NO_RULES: PermissionRules = { deny: [], ask: [], allow: [] };

type Pattern = { kind: "all" } | { kind: "prefix"; prefix: string } | { kind: "glob"; regex: RegExp } | { kind: "exact"; text: string };

/** A rule string's Bash pattern; null when the rule is about another tool. */
export function bashPattern(rule: string): Pattern | null {
  const trimmed = rule.trim();
  if (trimmed === "Bash" || trimmed === "Bash(*)" || trimmed === "Bash()") return { kind: "all" };
  const match = /^Bash\(([\s\S]*)\)$/.exec(trimmed);
  if (!match) return null;
  const spec = normalizeSpaces(match[1]!);
  if (spec.endsWith(":*") && !spec.slice(0, -2).includes("*")) return { kind: "prefix", prefix: spec.slice(0, -2).trimEnd() };
  if (!spec.includes("*")) return { kind: "exact", text: spec };
  return { kind: "glob", regex: globRegex(spec) };
}

/** `*` matches any run of characters; a single trailing ` *` also matches nothing (`ls *` matches `ls`). */
function globRegex(spec: string): RegExp {
  const stars = spec.split("*").length - 1;
  const optionalTail = stars === 1 && spec.endsWith(" *");
  const body = optionalTail ? spec.slice(0, -2) : spec;
  const source = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  return new RegExp(`^${source}${optionalTail ? "(?:\\s[\\s\\S]*)?" : ""}$`);
}

function normalizeSpaces(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

function matches(pattern: Pattern, candidate: string): boolean {
  switch (pattern.kind) {
    case "all":
      return true;
    case "exact":
      return candidate === pattern.text;
    case "prefix":
      return candidate === pattern.prefix || candidate.startsWith(`${pattern.prefix} `) || (pattern.prefix === "" && candidate !== "");
    case "glob":
      return pattern.regex.test(candidate);
  }
}

/**
 * Wrappers peeled to find every spelling a deny or ask rule may name. Wider on purpose than
 * routing's WRAPPER_OPTIONS (core/routing/program.ts), which says whose output the agent reads:
 * here over-peeling `watch` or `xargs` only adds a candidate spelling to match a rule against.
 */
const WRAPPERS = new Set([
  "timeout",
  "time",
  "nice",
  "nohup",
  "stdbuf",
  "ionice",
  "command",
  "builtin",
  "exec",
  "env",
  "sudo",
  "doas",
  "xargs",
  "watch",
  "strace",
  "ltrace",
  "chrt",
  "taskset",
  "setsid",
  "unbuffer",
]);

/** Every spelling of one subcommand a deny or ask rule should be tried on. */
function denySpellings(raw: string, words: string[]): string[] {
  const out = new Set<string>([normalizeSpaces(raw), words.join(" ")]);
  let rest = splitAssignments(words).rest;
  out.add(rest.join(" "));
  // Peel wrappers and their options (`timeout -s KILL 60 git push` → `git push`), one level at a time.
  for (let depth = 0; depth < 4 && rest.length > 0 && WRAPPERS.has(basename(rest[0]!)); depth++) {
    rest = rest.slice(1);
    while (rest.length > 0 && (rest[0]!.startsWith("-") || /^[0-9.]+[smhd]?$/.test(rest[0]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0]!)))
      rest = rest.slice(1);
    out.add(rest.join(" "));
  }
  // A path-qualified program (`/usr/bin/git push`) is the same program.
  if (rest.length > 0 && rest[0]!.includes("/")) out.add([basename(rest[0]!), ...rest.slice(1)].join(" "));
  return [...out].filter((text) => text !== "");
}

export interface Subcommand {
  /** The subcommand's text as typed. */
  raw: string;
  /** Its words, quotes removed. */
  words: string[];
}

/** The subcommands of a compound command, each with its typed text (pipes and chains split). */
export function subcommands(command: string): Subcommand[] {
  return parseChain(command).map((segment) => ({ raw: segment.raw || segment.words.join(" "), words: segment.words }));
}

function anyMatch(rules: string[], candidates: string[]): boolean {
  const patterns = rules.map(bashPattern).filter((pattern): pattern is Pattern => pattern !== null);
  return patterns.some((pattern) => candidates.some((candidate) => matches(pattern, candidate)));
}

/** What the user's rules say of `command` as typed: deny, ask, allow, or nothing. */
export function verdictFor(command: string, rules: PermissionRules): Verdict {
  const parts = subcommands(command);
  const whole = normalizeSpaces(command);
  const spellings = [whole, ...parts.flatMap((part) => denySpellings(part.raw, part.words))];
  if (anyMatch(rules.deny, spellings)) return "deny";
  if (anyMatch(rules.ask, spellings)) return "ask";
  if (anyMatch(rules.allow, [whole]) || (parts.length > 0 && parts.every((part) => anyMatch(rules.allow, [normalizeSpaces(part.raw)]))))
    return "allow";
  // An allow rule that matches part of the command leaves the outcome to the host's own checks.
  if (parts.some((part) => anyMatch(rules.allow, denySpellings(part.raw, part.words)))) return "partial";
  return "none";
}
