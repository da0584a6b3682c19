/**
 * terraform plan and apply. A plan becomes its counts plus every resource address, and only when
 * those counts agree with terraform's own `Plan:` line; any `Error:` means the output is handed
 * back whole (never count from error prose). An apply gets the same treatment for the plan it
 * prints first, then loses only its progress ticks: every "… complete" line and the outputs stay.
 */
import { splitLines } from "../../base/lines.ts";

const ERROR = /^(?:[│|]\s*)?Error: /;
const WARNING = /^(?:[│|]\s*)?Warning: /;
const PLAN = /^Plan: (\d+) to add, (\d+) to change, (\d+) to destroy\b/;
const ACTIONS_HEADER = /^Terraform will perform the following actions:$/;
const ACTION = /^\s*# (\S+) (will be created|will be updated in-place|will be destroyed|must be replaced|will be read during apply)$/;
const SYMBOL: Record<string, string> = {
  "will be created": "+",
  "will be updated in-place": "~",
  "will be destroyed": "-",
  "must be replaced": "-/+",
  "will be read during apply": "<=",
};
const APPLY_DONE = /^(?:Apply|Destroy) complete! Resources: /;
/** Start and heartbeat lines; the matching "… complete after 3s [id=…]" line stays. */
const APPLY_TICK =
  /: (?:(?:Creating|Modifying|Destroying|Reading)\.\.\.(?: \[id=.*\])?|Still (?:creating|modifying|destroying|reading)\.\.\. \[[\dhms]+ elapsed\]|Refreshing state\.\.\.(?: \[id=.*\])?)$/;

export function summariseTerraformPlan(text: string): string | null {
  const lines = splitLines(text);
  if (lines.some((line) => ERROR.test(line)) || lines.some((line) => APPLY_DONE.test(line))) return null;
  const summary = planSummary(lines);
  return summary && [...summary, ...outputChanges(lines), ...lines.filter((line) => WARNING.test(line))].join("\n") + "\n";
}

/** The `Changes to Outputs:` block, up to the blank line that ends it: values the plan will change. */
function outputChanges(lines: string[]): string[] {
  const at = lines.findIndex((line) => line === "Changes to Outputs:");
  if (at < 0) return [];
  const end = lines.findIndex((line, i) => i > at && line.trim() === "");
  return lines.slice(at, end < 0 ? lines.length : end);
}

export function summariseTerraformApply(text: string): string | null {
  const lines = splitLines(text);
  if (lines.some((line) => ERROR.test(line)) || !lines.some((line) => APPLY_DONE.test(line))) return null;
  const planAt = lines.findIndex((line) => PLAN.test(line));
  const actionsAt = lines.findIndex((line) => ACTIONS_HEADER.test(line));
  let body = lines;
  if (planAt >= 0) {
    const summary = planSummary(lines.slice(0, planAt + 1));
    if (!summary) return null;
    body = [...summary, ...lines.slice(planAt + 1)];
  } else if (actionsAt >= 0) return null;
  const kept = body.filter((line) => !APPLY_TICK.test(line));
  if (kept.length === lines.length) return null;
  return kept.join("\n") + "\n";
}

/** `terraform: +a ~c -d resources`, one line per address, and terraform's own Plan line. */
function planSummary(lines: string[]): string[] | null {
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
  return [`terraform: +${add} ~${change} -${destroy} resources`, ...rows, planLine];
}
