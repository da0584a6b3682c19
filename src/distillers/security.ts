/**
 * Security scanners. The reader needs the counts and every CRITICAL and HIGH finding with its id
 * and location; lower severities are counted and the first few shown. A report whose findings do
 * not add up to the scanner's own tally is not summarised.
 */
import { splitLines } from "../base/lines.ts";
import { parseBandit, parseNpmAudit, parseSeverityRows, SEVERITIES, type Report, type Severity } from "./security/findings.ts";
import { defineDistiller } from "./types.ts";

/** MEDIUM and LOW findings shown per severity before the rest is counted. */
const LOWER_SEVERITY_SHOWN = 3;

export default defineDistiller({
  id: "security",
  collapse: "build",
  programs: ["semgrep", "trivy", "snyk", "hadolint", "gosec", "bandit", "grype", "checkov", "tfsec", "gitleaks", "npm-audit"],
  declined: "not recognised",
  describe:
    "trivy/bandit/npm audit reports: counts by severity, every CRITICAL and HIGH finding with id and location, the first 3 MEDIUM and LOW.",
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
      const shown = severity === "CRITICAL" || severity === "HIGH" ? findings : findings.slice(0, LOWER_SEVERITY_SHOWN);
      out.push(...shown.map((f) => `  ${f.line}`));
      hidden += findings.length - shown.length;
    }
    if (hidden > 0) out.push(`  ... [${hidden} more MEDIUM/LOW findings]`);
    out.push(...report.advice);
    return out.join("\n") + "\n";
  },
});

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
