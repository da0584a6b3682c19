/**
 * terraform plan and apply. A plan becomes its counts plus every resource address, and only when
 * those counts agree with terraform's own `Plan:` line; any `Error:` means the output is handed
 * back whole (never count from error prose). An apply loses only its "Still creating…" ticks.
 */
import { splitLines } from "../core/lines.ts";

const ERROR = /^(?:[│|]\s*)?Error: /;
const WARNING = /^(?:[│|]\s*)?Warning: /;
const PLAN = /^Plan: (\d+) to add, (\d+) to change, (\d+) to destroy\b/;
const ACTION = /^\s*# (\S+) (will be created|will be updated in-place|will be destroyed|must be replaced|will be read during apply)$/;
const SYMBOL: Record<string, string> = {
  "will be created": "+",
  "will be updated in-place": "~",
  "will be destroyed": "-",
  "must be replaced": "-/+",
  "will be read during apply": "<=",
};
const APPLY_DONE = /^(?:Apply|Destroy) complete! Resources: /;
const APPLY_TICK = /: (?:Still (?:creating|modifying|destroying|reading)\.\.\. \[[\dhms]+ elapsed\]|Refreshing state\.\.\.(?: \[id=.*\])?|Reading\.\.\.|Read complete after \S+(?: \[id=.*\])?)$/;

export function summariseTerraformPlan(text: string): string | null {
  const lines = splitLines(text);
  if (lines.some((line) => ERROR.test(line))) return null;
  const planLine = lines.find((line) => PLAN.test(line));
  if (!planLine) return null;
  const rows: string[] = [];
  let add = 0;
  let change = 0;
  let destroy = 0;
  for (const line of lines) {
    const action = ACTION.exec(line);
    if (!action) continue;
    const symbol = SYMBOL[action[2]!]!;
    if (symbol === "+" || symbol === "-/+") add++;
    if (symbol === "-" || symbol === "-/+") destroy++;
    if (symbol === "~") change++;
    rows.push(`${symbol} ${action[1]}`);
  }
  const tally = PLAN.exec(planLine)!.slice(1, 4).map(Number);
  // Terraform's tally is the truth; a plan we could not fully itemise is not summarised.
  if (rows.length === 0 || tally[0] !== add || tally[1] !== change || tally[2] !== destroy) return null;
  const warnings = lines.filter((line) => WARNING.test(line));
  return [`terraform: +${add} ~${change} -${destroy} resources`, ...rows, ...warnings, planLine].join("\n") + "\n";
}

export function summariseTerraformApply(text: string): string | null {
  const lines = splitLines(text);
  if (!lines.some((line) => APPLY_DONE.test(line))) return null;
  const kept = lines.filter((line) => !APPLY_TICK.test(line));
  if (kept.length === lines.length) return null;
  return kept.join("\n") + "\n";
}
