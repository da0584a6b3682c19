/**
 * ESLint's stylish report. Every error stays under its file header (a repeat of a message in the
 * same file as its location and a pointer to the first, `base/same-as.ts`); warnings are
 * counted and the first of each rule shown; a `top rules` line says what dominates. The counts must
 * match ESLint's own `✖ N problems (E errors, W warnings)` line or the report is left alone.
 */

import { foldRepeatedFindings } from "../../base/same-as.ts";

/** Warnings shown (the first of each rule) before the rest is counted. */
const WARNINGS_SHOWN = 5;
/** Rules named on the `top rules` line. */
const TOP_RULES = 5;

const TALLY = /^✖ (\d+) problems? \((\d+) errors?, (\d+) warnings?\)$/;
const FIXABLE = /^\s+\d+ errors? and \d+ warnings? potentially fixable/;
/** `  12:5  error  message  rule`; the rule column is absent for parsing errors. */
const MESSAGE = /^\s+\d+:\d+\s+(error|warning)\s+(.*\S)\s*$/;

interface Message {
  /** The message line, and the lines a multi-line message goes on over (the rule is on its last). */
  lines: string[];
  file: string | null;
  severity: "error" | "warning";
  rule: string;
}

export type EslintResult = { lines: string[] } | "disagrees" | null;

export function summariseEslint(lines: string[]): EslintResult {
  const tallyAt = lines.findIndex((line) => TALLY.test(line));
  if (tallyAt < 0) return null;
  const tally = TALLY.exec(lines[tallyAt]!)!.slice(1).map(Number);
  let start = tallyAt;
  const messages: Message[] = [];
  // Walk back from the tally over the report: file headers, message lines and blank lines. A
  // message may go on over unindented lines (`Prefer explicitly defining …`) up to its rule; a
  // file header follows a blank line, a message's next line follows its message.
  let continued: string[] = [];
  for (let i = tallyAt - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const message = MESSAGE.exec(line);
    if (message) {
      const text = [line, ...continued];
      continued = [];
      messages.unshift({
        lines: text,
        file: null,
        severity: message[1] as Message["severity"],
        rule: /\s{2,}(\S+)$/.exec(text.at(-1)!.trim())?.[1] ?? "(no rule)",
      });
    } else if (/^\s/.test(line)) break;
    else if (i > 0 && lines[i - 1]!.trim() !== "") continued.unshift(line);
    else if (continued.length === 0 && messages.length > 0) {
      for (const m of messages) m.file ??= line;
    } else break;
    start = i;
  }
  if (continued.length > 0) return "disagrees";
  const errors = messages.filter((m) => m.severity === "error");
  const warnings = messages.filter((m) => m.severity === "warning");
  if (errors.length + warnings.length !== tally[0] || errors.length !== tally[1] || warnings.length !== tally[2]) return "disagrees";
  // One example per rule says more than five of the same rule.
  const exampleRules = new Set<string>();
  const shownWarnings = new Set(
    warnings.filter((m) => exampleRules.size < WARNINGS_SHOWN && !exampleRules.has(m.rule) && exampleRules.add(m.rule)),
  );
  const files = new Set(messages.map((m) => m.file));
  const out = [`eslint: ${errors.length} errors, ${warnings.length} warnings in ${files.size} files`];
  let header: string | null = null;
  for (const m of messages) {
    if (m.severity === "warning" && !shownWarnings.has(m)) continue;
    if (m.file !== null && m.file !== header) out.push(m.file);
    header = m.file;
    out.push(...m.lines.map(withoutPadding));
  }
  if (warnings.length > shownWarnings.size) out.push(`... [${warnings.length - shownWarnings.size} more warnings]`);
  out.push(`top rules: ${topRules(messages)}`);
  const end = FIXABLE.test(lines[tallyAt + 1] ?? "") ? tallyAt + 2 : tallyAt + 1;
  out.push(...lines.slice(tallyAt, end));
  // Within a file a repeated error points back at its first (`  148:15  error  (same as 123:12)`).
  return { lines: [...lines.slice(0, start), ...foldRepeatedFindings(out), ...lines.slice(end)] };
}

/** Padding this wide before the rule column is one long message's doing (a table pads to its longest message, under 100 chars): the line is kept verbatim but for it. */
const WIDE_PADDING = 100;

/**
 * The rule column is padded to the file's longest message, so one long message (a multi-line one
 * counts its first line) pads every line of its file with hundreds of spaces: such padding goes,
 * two spaces stay before the rule. A table's ordinary padding stays as printed.
 */
function withoutPadding(line: string): string {
  return line.replace(new RegExp(` {${WIDE_PADDING},}(?=@?[\\w/-]+$)`), "  ");
}

function topRules(messages: Message[]): string {
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(m.rule, (counts.get(m.rule) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_RULES)
    .map(([rule, count]) => `${rule} ×${count}`)
    .join(", ");
}
