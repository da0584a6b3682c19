/**
 * Security scanners. The reader needs the counts and every finding's id and location: CRITICAL,
 * HIGH and MEDIUM findings each one line, or bandit's own issue, severity and location lines; LOW ones, often hundreds of one rule (bandit's
 * `assert_used` in tests), the first of each rule with where the rest are, by file and count;
 * a scanner without rule ids shows the first few of each lower severity. The scanner's own
 * closing report stays as printed. A report whose findings do not add up to the scanner's own
 * tally is not summarised.
 */
import { splitLines } from "../base/lines.ts";
import {
  parseBandit,
  parseNpmAudit,
  parseSeverityRows,
  SEVERITIES,
  type Finding,
  type Report,
  type Severity,
} from "./security/findings.ts";
import { defineDistiller } from "./types.ts";

/** LOW findings without a rule id shown before the rest is counted (MEDIUM ones too). */
const LOWER_SEVERITY_SHOWN = 3;
/** Files named, with their counts, for the rest of one rule's LOW findings. */
const FILES_NAMED = 8;
/** Up to this many more findings of one LOW rule, each one's place is named. */
const PLACES_NAMED = 20;

export default defineDistiller({
  id: "security",
  collapse: "build",
  programs: ["semgrep", "trivy", "snyk", "hadolint", "gosec", "bandit", "grype", "checkov", "tfsec", "gitleaks", "npm-audit"],
  declined: "not recognised",
  describe:
    "trivy/bandit/npm audit reports: counts by severity, every CRITICAL, HIGH and MEDIUM finding with id and location, LOW ones by rule with where the rest are.",
  // Scanners exit non-zero when they find something: that is the normal, summarisable case.
  distillsFailedRuns: true,
  distill({ text }) {
    const lines = splitLines(text);
    const report = parseBandit(lines) ?? parseNpmAudit(lines) ?? parseSeverityRows(lines);
    if (!report || !agreesWithTally(report)) return null;
    const counts = countBySeverity(report);
    const out = [`Security scan: ${SEVERITIES.map((s) => `${counts[s]} ${s}`).join(", ")}`];
    let hidden = 0;
    for (const severity of SEVERITIES) {
      const findings = report.findings.filter((f) => f.severity === severity);
      if (severity === "LOW" && findings.every((f) => f.rule !== undefined)) {
        out.push(...byRule(findings));
        continue;
      }
      const shown =
        severity === "CRITICAL" || severity === "HIGH" || findings.every((f) => f.rule !== undefined)
          ? findings
          : findings.slice(0, LOWER_SEVERITY_SHOWN);
      out.push(...shown.flatMap(shownLines));
      hidden += findings.length - shown.length;
    }
    if (hidden > 0) out.push(`  ... [${hidden} more MEDIUM/LOW findings]`);
    out.push(...report.advice);
    return out.join("\n") + "\n";
  },
});

/** A finding as the scanner printed it, or else as one line naming its severity, rule and place. */
function shownLines(finding: Finding): string[] {
  return finding.printed ?? [`  ${finding.line}`];
}

/**
 * The first finding of each rule, then where that rule's other findings are: each place when
 * there are few (`+ 3 more [B404:blacklist]: lib/a.py:12, lib/b.py:31`), else by file and count
 * (`+ 853 more [B101:assert_used]: tests/a.py 300, tests/b.py 12`).
 */
function byRule(findings: Finding[]): string[] {
  const rules = new Map<string, Finding[]>();
  for (const finding of findings) rules.set(finding.rule!, [...(rules.get(finding.rule!) ?? []), finding]);
  return [...rules.values()].flatMap(([first, ...rest]) => {
    if (rest.length === 0) return shownLines(first!);
    if (rest.length <= PLACES_NAMED)
      return [...shownLines(first!), `    + ${rest.length} more [${first!.rule}]: ${rest.map((f) => f.location).join(", ")}`];
    const files = new Map<string, number>();
    for (const finding of rest) {
      const file = finding.location!.replace(/:\d+(?::\d+)?$/, "");
      files.set(file, (files.get(file) ?? 0) + 1);
    }
    const named = [...files].slice(0, FILES_NAMED).map(([file, count]) => `${file} ${count}`);
    const more = files.size - named.length;
    return [
      ...shownLines(first!),
      `    + ${rest.length} more [${first!.rule}]: ${named.join(", ")}${more > 0 ? `, ${more} more files` : ""}`,
    ];
  });
}

function countBySeverity(report: Report): Record<Severity, number> {
  const counts: Record<Severity, number> = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0 };
  for (const finding of report.findings) counts[finding.severity]++;
  return counts;
}

function agreesWithTally(report: Report): boolean {
  if (!report.tally) return true;
  const counts = countBySeverity(report);
  return SEVERITIES.every((severity) => (report.tally![severity] ?? 0) === counts[severity]);
}
