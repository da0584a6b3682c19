/**
 * The fallback: runs of near-identical lines become one line with a count. Used only when the
 * distiller did not beat the guardrail, and always on the raw text, so a distiller never reads
 * collapse markers. Grouping is by exact equality of a normalised pattern, not fuzzy similarity.
 */
import { GENERIC_COLLAPSE_SHARE, MIN_COLLAPSE_GROUP_SIZE, MIN_LINES_FOR_COLLAPSE } from "../base/limits.ts";
import { splitLines, stripAnsi } from "../base/lines.ts";
import type { CollapseMode } from "../base/collapse-mode.ts";
import { classifyLine, reportsResult } from "../base/score.ts";

const BUILD_WORDS: Record<string, string> = {
  compiling: "crates compiled",
  downloading: "packages downloaded",
  checking: "crates checked",
  fetching: "packages fetched",
  locking: "packages locked",
  unpacking: "packages unpacked",
};

/** Normalised pattern of a line, or null when the line is never collapsible. */
function patternOf(line: string, mode: CollapseMode): string | null {
  const plain = stripAnsi(line);
  if (plain.trim() === "" || classifyLine(plain) === "critical") return null;
  const t = plain.trim();
  if (mode === "test") {
    const test = /^test .+ \.\.\. (.+)$/.exec(t);
    if (test) return `test _ ${test[1]!.toLowerCase()}`;
    if (/^running \d+ tests?$/.test(t)) return "running # tests";
  }
  if (mode === "build") {
    const word = /^(compiling|downloading|checking|fetching|locking|unpacking) /i.exec(t);
    if (word && !reportsResult(t)) return `${word[1]!.toLowerCase()} _`;
  }
  if (mode === "infra") {
    if (t.toLowerCase().includes("using cache")) return "-> using cache";
    if (t.startsWith("--->")) return "---> _";
    if (/^step \d+\/\d+/i.test(t)) return "step #/# : _";
  }
  if (mode === "log") {
    const level = /^(?:\[(info|debug)\]|(info|debug):|(info|debug) )/i.exec(t);
    if (level) return `${(level[1] ?? level[2] ?? level[3])!.toLowerCase()}: _`;
  }
  return t;
}

function summaryFor(pattern: string, count: number, mode: CollapseMode): string {
  const from = `(collapsed from ${count} lines)`;
  if (mode === "test" && pattern.startsWith("test _ ok")) return `${count} tests passed ✓ ${from}`;
  if (mode === "test" && pattern.startsWith("test _ ignored")) return `${count} tests ignored ${from}`;
  if (mode === "build") {
    const word = pattern.split(" ")[0]!;
    if (BUILD_WORDS[word] && pattern === `${word} _`) return `${count} ${BUILD_WORDS[word]} ${from}`;
  }
  if (mode === "infra") {
    if (pattern === "-> using cache") return `${count} cached layers ${from}`;
    if (pattern === "---> _") return `${count} layer hashes ${from}`;
    if (pattern === "step #/# : _") return `${count} build steps ${from}`;
  }
  if (mode === "log" && (pattern === "info: _" || pattern === "debug: _")) {
    return `${count} ${pattern.startsWith("info") ? "INFO" : "DEBUG"} entries ${from}`;
  }
  // Here the pattern is the line itself (or a short normalised form): shown whole, since a
  // truncated copy of a repeated line would hide the very text it stands for.
  return `[${count} similar lines collapsed] (pattern: "${pattern}")`;
}

/** Returns the collapsed text, or null when nothing collapsed. */
export function collapse(text: string, mode: CollapseMode): string | null {
  const lines = splitLines(text);
  if (lines.length < MIN_LINES_FOR_COLLAPSE) return null;
  const patterns = lines.map((line) => patternOf(line, mode));
  const collapsible = patterns.map((p) => p !== null);

  // Groups form inside maximal spans of collapsible lines; groups under the minimum size make
  // their members non-collapsible, which may split spans, so repeat until stable.
  let groups: Map<number, number[]>;
  for (;;) {
    groups = new Map();
    let changed = false;
    let spanStart = -1;
    const closeSpan = (end: number) => {
      if (spanStart < 0) return;
      const byPattern = new Map<string, number[]>();
      for (let i = spanStart; i < end; i++) {
        const key = patterns[i]!;
        const members = byPattern.get(key) ?? [];
        members.push(i);
        byPattern.set(key, members);
      }
      for (const members of byPattern.values()) {
        if (members.length < MIN_COLLAPSE_GROUP_SIZE) {
          for (const i of members) collapsible[i] = false;
          changed = true;
        } else groups.set(members[0]!, members);
      }
      spanStart = -1;
    };
    for (let i = 0; i <= lines.length; i++) {
      if (i < lines.length && collapsible[i]) {
        if (spanStart < 0) spanStart = i;
      } else closeSpan(i);
    }
    if (!changed) break;
  }

  const memberCount = [...groups.values()].reduce((sum, m) => sum + m.length, 0);
  if (memberCount === 0) return null;
  if (mode === "generic" && memberCount / lines.length <= GENERIC_COLLAPSE_SHARE) return null;

  const out: string[] = [];
  const absorbed = new Set<number>();
  for (const members of groups.values()) for (const i of members.slice(1)) absorbed.add(i);
  for (let i = 0; i < lines.length; i++) {
    if (absorbed.has(i)) continue;
    const members = groups.get(i);
    out.push(members ? summaryFor(patterns[i]!, members.length, mode) : lines[i]!);
  }
  return out.join("\n") + (text.endsWith("\n") ? "\n" : "");
}
