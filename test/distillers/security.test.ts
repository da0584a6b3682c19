import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";
import { distillWith } from "../helpers/distill.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

const fixtures = loadFixtures("security");
const text = (name: string) => fixtures.find((f) => f.name === name)!.text;

describe("security distiller", () => {
  test("counts bandit's findings by severity, agreeing with bandit's own metrics", () => {
    const out = distillWith("security", text("bandit_gitpython"), { command: "bandit -r git", failed: true })!;
    expect(out.split("\n")[0]).toBe("Security scan: 0 CRITICAL, 3 HIGH, 2 MEDIUM, 48 LOW");
    // bandit's own closing report stays as printed.
    expect(out).toContain("\tTotal lines of code: 12264\n");
    expect(out).toContain("\t\tLow: 48.0\n");
  });

  test("every LOW finding is accounted for: its rule's first as bandit printed it, the rest by place or by file", () => {
    const raw = text("bandit_gitpython");
    const out = distillWith("security", raw, { command: "bandit -r git", failed: true })!;
    const lows = [...raw.matchAll(/>> Issue: \[([^\]]+)\].*\n\s+Severity: Low.*\n\s+Location: (\S+)/g)].map((m) => ({
      rule: m[1]!,
      place: m[2]!,
    }));
    for (const rule of new Set(lows.map((low) => low.rule))) {
      const places = lows.filter((low) => low.rule === rule).map((low) => low.place);
      expect(out).toMatch(new RegExp(`>> Issue: \\[${rule}\\] .*\n\\s+Severity: Low .*\n\\s+Location: ${places[0]}\n`));
      const more = new RegExp(`\\+ (\\d+) more \\[${rule}\\]: (.*)`).exec(out);
      expect(Number(more?.[1] ?? 0)).toBe(places.length - 1);
      if (!more) continue;
      const parts = more[2]!.split(", ");
      // A few are named by place, each one a place bandit printed for that rule; many are counted by file, adding up.
      if (parts.every((part) => /:\d+$/.test(part))) expect(parts).toEqual(places.slice(1));
      else if (!more[2]!.includes("more files"))
        expect(parts.reduce((sum, part) => sum + Number(part.split(" ").at(-1)), 0)).toBe(places.length - 1);
    }
    expect(lows.length).toBe(48);
  });

  test("keeps every HIGH finding as bandit printed its issue, severity and location", () => {
    const out = distillWith("security", text("bandit_gitpython"), { command: "bandit -r git", failed: true })!;
    const raw = text("bandit_gitpython").split("\n");
    let highs = 0;
    raw.forEach((line, i) => {
      if (!/^\s+Severity: High/.test(line)) return;
      highs++;
      expect(out).toContain(`${raw[i - 1]}\n${line}\n${raw[i + 1]}\n`);
    });
    expect(highs).toBe(3);
  });

  test("keeps all nine HIGH findings of a report, past the cap on lower severities", () => {
    const out = distillWith("security", text("bandit_opsbox"), { command: "bandit -r opsbox", failed: true })!;
    expect(out.split("\n").filter((line) => /^\s+Severity: High\b/.test(line)).length).toBe(9);
  });

  test("keeps every npm audit advisory id with its package and path", () => {
    const out = distillWith("security", text("npm_audit_report"), { command: "npm audit", failed: true })!;
    expect(out).toContain(
      "  CRITICAL minimist (node_modules/minimist): GHSA-vh95-rmgr-6w4m Prototype Pollution in minimist; GHSA-xvch-5gv4-984h",
    );
    expect(out).toContain("  HIGH lodash (node_modules/lodash): GHSA-35jh-r3h4-6jhm Command Injection in lodash; GHSA-p6mc-m468-83gw");
    expect(out).toContain("4 vulnerabilities (2 moderate, 1 high, 1 critical)");
  });

  test("keeps trivy's CRITICAL and HIGH rows verbatim", () => {
    const out = distillWith("security", text("upstream_trivy_output"))!;
    expect(out).toContain("  CRITICAL CVE-2023-1234 libssl vulnerabilities found");
    expect(out).toContain("  HIGH CVE-2023-5678 libcrypto issue detected");
  });

  const bandit = text("bandit_webhook");
  const auditWithoutToughCookie = text("npm_audit_report").replace(/tough-cookie {2}\n[\s\S]*?node_modules\/tough-cookie\n\n/, "");
  const declines: Array<[string, string]> = [
    ["a semgrep one-line tally", text("upstream_semgrep")],
    ["a trivy total without findings", text("upstream_trivy")],
    ["an npm audit that could not reach the advisory endpoint", text("npm_audit_endpoint_error")],
    ["a bandit report missing one finding its metrics count", bandit.replace(/>> Issue: \[B307[\s\S]*?-{50}\n/, "")],
    ["an npm audit report missing one package its tally counts", auditWithoutToughCookie],
  ];
  test.each(declines)("declines %s", (_name, input) => {
    expect(distillWith("security", input)).toBeNull();
  });

  test("derives the disagreeing npm audit report by removing exactly one package block", () => {
    expect(auditWithoutToughCookie).not.toContain("node_modules/tough-cookie");
    expect(auditWithoutToughCookie).toContain("4 vulnerabilities (2 moderate, 1 high, 1 critical)");
  });

  test("derives the disagreeing bandit report by removing exactly one finding", () => {
    const cut = bandit.replace(/>> Issue: \[B307[\s\S]*?-{50}\n/, "");
    expect(cut).not.toContain("B307");
    expect(cut).toContain("Medium: 4.0");
  });

  test.each(["trivy image x", "semgrep --config auto", "bandit -r .", "npm audit"])("routes `%s` to security", (command) => {
    expect(routeCommand(command).distiller).toBe("security");
  });
});
