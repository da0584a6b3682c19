/**
 * Security scanner reports → findings. Each parser reads one scanner's own text format and
 * also returns the scanner's own tally, so the summary can refuse to speak when its count
 * disagrees with what the scanner printed.
 */
export type Severity = "CRITICAL" | "HIGH" | "MEDIUM" | "LOW";
export const SEVERITIES: Severity[] = ["CRITICAL", "HIGH", "MEDIUM", "LOW"];

export interface Finding {
  severity: Severity;
  /** `CRITICAL [B602:subprocess_popen…] git/cmd.py:665 subprocess call with shell=True …` */
  line: string;
  /** The scanner's rule id and the finding's location, where it names them (bandit): lower severities group by rule. */
  rule?: string;
  location?: string;
  /** The finding as the scanner printed it, where its block is short enough to show (bandit's issue, severity and location lines). */
  printed?: string[];
}

export interface Report {
  findings: Finding[];
  /** The scanner's own counts per severity, when it printed them. */
  tally: Partial<Record<Severity, number>> | null;
  /** Lines the scanner printed that say what to do next (`npm audit fix`). */
  advice: string[];
}

function severityOf(word: string): Severity | null {
  const upper = word.toUpperCase();
  if (upper === "MODERATE") return "MEDIUM";
  return (SEVERITIES as string[]).includes(upper) ? (upper as Severity) : null;
}

/** bandit: `>> Issue: [B602:name] message` / `Severity: High ...` / `Location: path:line`. */
export function parseBandit(lines: string[]): Report | null {
  const findings: Finding[] = [];
  for (let i = 0; i < lines.length; i++) {
    const issue = /^>> Issue: \[([^\]]+)\] (.*)$/.exec(lines[i]!);
    if (!issue) continue;
    const severity = severityOf(/^\s*Severity: (\w+)/.exec(lines[i + 1] ?? "")?.[1] ?? "");
    const at = lines.slice(i + 1, i + 5).findIndex((line) => /^\s*Location: \S+/.test(line));
    const location = at === -1 ? undefined : /^\s*Location: (\S+)/.exec(lines[i + 1 + at]!)![1];
    if (!severity || !location) return null;
    // Its message, severity and place, as bandit printed them; the docs link and the quoted code go.
    const printed = [lines[i]!, lines[i + 1]!, lines[i + 1 + at]!].filter((line, k, all) => all.indexOf(line) === k);
    findings.push({ severity, line: `${severity} [${issue[1]}] ${location} ${issue[2]}`, rule: issue[1]!, location, printed });
  }
  if (findings.length === 0) return null;
  const at = lines.findIndex((line) => /Total issues \(by severity\):/.test(line));
  let tally: Report["tally"] = null;
  if (at >= 0) {
    tally = {};
    for (const line of lines.slice(at + 1, at + 6)) {
      const count = /^\s*(Low|Medium|High): ([\d.]+)$/.exec(line);
      if (count) tally[severityOf(count[1]!)!] = Number(count[2]);
    }
  }
  // bandit's own closing report (lines of code scanned, issues by severity and confidence) is its tally, kept as printed.
  const scanned = lines.findIndex((line) => /^Code scanned:$/.test(line));
  const advice = scanned === -1 ? [] : lines.slice(scanned, scanned + MAX_METRICS_LINES).filter((line) => line.trim() !== "");
  return { findings, tally, advice };
}

/** bandit's closing report is about twenty lines; past this it is something else. */
const MAX_METRICS_LINES = 30;

/** `CRITICAL CVE-2023-1234 libssl …` rows under trivy's `Total: N (CRITICAL: 1, …)` line. */
export function parseSeverityRows(lines: string[]): Report | null {
  const findings: Finding[] = [];
  for (const line of lines) {
    const row = /^(CRITICAL|HIGH|MEDIUM|LOW)\s+(\S+)\s+\S/.exec(line);
    if (row) findings.push({ severity: row[1] as Severity, line });
  }
  if (findings.length === 0) return null;
  const total = lines.map((line) => /^Total: \d+ \((.*)\)$/.exec(line)?.[1]).find(Boolean);
  let tally: Report["tally"] = null;
  if (total) {
    tally = {};
    for (const part of total.matchAll(/(CRITICAL|HIGH|MEDIUM|LOW):\s*(\d+)/g)) tally[part[1] as Severity] = Number(part[2]);
  }
  return { findings, tally, advice: [] };
}

/** npm audit: `pkg  range` / `Severity: high` / title lines / `node_modules/pkg` blocks. */
export function parseNpmAudit(lines: string[]): Report | null {
  if (!lines.some((line) => line.trim() === "# npm audit report")) return null;
  const findings: Finding[] = [];
  for (let i = 1; i < lines.length; i++) {
    const severity = severityOf(/^Severity: (\w+)$/.exec(lines[i]!)?.[1] ?? "");
    if (!severity) continue;
    const pkg = lines[i - 1]!.trim()
      .split(/\s{2,}/)
      .join(" ");
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== "") end++;
    const block = lines.slice(i + 1, end).map((line) => line.trim());
    // `Title - https://github.com/advisories/GHSA-…` → `GHSA-… Title`: the id is the link.
    const titles = block
      .filter((line) => line.includes(" - http"))
      .map((line) => line.replace(/^(.*) - https:\/\/github\.com\/advisories\/(GHSA-[\w-]+)$/, "$2 $1"));
    const via = block.filter((line) => line.startsWith("Depends on vulnerable versions of "));
    const paths = block.filter((line) => line.includes("node_modules/"));
    const where = [...paths, ...via.map((line) => line.replace("Depends on vulnerable versions of ", "via "))].join(", ");
    findings.push({ severity, line: `${severity} ${pkg} (${where}): ${titles.join("; ") || "(no advisory title)"}` });
  }
  if (findings.length === 0) return null;
  let tally: Report["tally"] = null;
  let tallyAt = -1;
  lines.forEach((line, at) => {
    const many = /^\d+ vulnerabilities? \((.*)\)$/.exec(line);
    const one = /^(\d+) (\w+) severity vulnerabilit(?:y|ies)$/.exec(line);
    if (many) {
      tally = {};
      for (const part of many[1]!.matchAll(/(\d+) (\w+)/g)) {
        const severity = severityOf(part[2]!);
        if (severity) tally[severity] = Number(part[1]);
      }
    } else if (one && severityOf(one[2]!)) tally = { [severityOf(one[2]!)!]: Number(one[1]) };
    if (many || one) tallyAt = at;
  });
  // After its tally npm says what to do next (`npm audit fix`, "Some issues need review").
  const advice = tallyAt < 0 ? [] : lines.slice(tallyAt).filter((line) => line.trim() !== "");
  return { findings, tally, advice };
}
