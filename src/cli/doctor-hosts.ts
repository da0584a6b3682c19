/**
 * Doctor's host checks: every host omni is installed in (by what its files hold, or by omni's
 * own record of the files it wrote), each file parsed, each hook and MCP entry present and
 * pointing at an executable that exists. A file that is gone or no longer parses keeps its host
 * in the report as a failure naming the file and the fix; it never makes the host vanish.
 */
import { entryFileError, filesOmniWrote, inspectEntry, installEntries, type EntryStatus } from "../hosts/config/apply.ts";
import { entryLocation, isSharedEntry, type Part } from "../hosts/config/entry.ts";
import { hostList } from "../hosts/index.ts";
import type { HostAdapter, Tier } from "../hosts/types.ts";
import { systemClock } from "../platform/clock.ts";
import { isExecutable } from "../platform/files.ts";
import { omniHome, type Env } from "../platform/paths.ts";
import { installContext } from "./host-select.ts";

export type PartState = "ok" | "missing" | "stale" | "broken" | "not installed";

/** One thing wrong in one file of a host, with what repairs it and whether `--fix` can. */
export interface HostFinding {
  file: string;
  part: Part;
  /** corrupt: the file does not parse; missing: omni's entry (or the whole file) is gone; broken: it runs an executable that is not there; stale: it differs from what this omni writes. */
  kind: "corrupt" | "missing" | "broken" | "stale";
  problem: string;
  fix: string;
  fixable: boolean;
}

export interface HostReport {
  id: string;
  label: string;
  tier: Tier;
  installed: boolean;
  hooks: PartState | "n/a";
  mcp: PartState | "n/a";
  /** Host settings omni needs on (Hermes' compression), never overriding the user's own. */
  settings: PartState | "n/a";
  files: string[];
  findings: HostFinding[];
  problems: string[];
  note: string | null;
}

export function hostReports(env: Env): HostReport[] {
  return hostList.map((host) => hostReport(host, env));
}

function hostReport(host: HostAdapter, env: Env): HostReport {
  const context = installContext(env, false);
  const entries = host.configEntries(context);
  const statuses = entries.map(inspectEntry);
  const wrote = filesOmniWrote(omniHome(env));
  const init = `omni init --${host.flags[0]}`;
  // A value the user may hold without omni (a list item, a setting) does not make omni installed;
  // a file omni wrote and never took back does, even once it is deleted or no longer parses.
  const mine = (status: EntryStatus) => !isSharedEntry(status.entry) && !status.entry.project;
  const installed = statuses.some((status) => mine(status) && (status.state !== "absent" || wrote.has(status.entry.file)));
  const corrupt = new Map<string, string>();
  for (const entry of entries) {
    const error = installed || wrote.has(entry.file) ? entryFileError(entry) : null;
    if (error !== null) corrupt.set(entry.file, error);
  }
  const findings: HostFinding[] = [];
  const problems: string[] = [];
  for (const [file, error] of corrupt) {
    const parts = [...new Set(entries.filter((entry) => entry.file === file).map((entry) => entry.part))];
    findings.push({
      file,
      part: parts[0]!,
      kind: "corrupt",
      problem: `${file} ${error}: ${host.label} cannot read omni's ${parts.join(" and ")} entries in it`,
      fix: `fix the syntax in ${file} by hand (omni's copies from before each change are under ${omniHome(env)}/backups), then run ${init}; omni doctor --fix does not rewrite a file it cannot parse, since the rest of it is your own settings`,
      fixable: false,
    });
  }
  const partState = (part: Part): PartState | "n/a" => {
    // The current directory's project file is checked when it is there, not required everywhere.
    const ofPart = statuses.filter((status) => status.entry.part === part && !(status.entry.project && status.state === "absent"));
    if (ofPart.length === 0) return "n/a";
    if (!installed) return "not installed";
    if (ofPart.some((status) => corrupt.has(status.entry.file))) return "broken";
    const missingPrograms = ofPart.flatMap((status) =>
      status.programs.filter((program) => !isExecutable(program)).map((program) => ({ status, program })),
    );
    if (missingPrograms.length > 0) {
      for (const file of new Set(missingPrograms.map(({ status }) => status.entry.file))) {
        const programs = [...new Set(missingPrograms.filter(({ status }) => status.entry.file === file).map(({ program }) => program))];
        findings.push({
          file,
          part,
          kind: "broken",
          problem: `${part}: ${file} points at a missing executable ${programs.join(", ")}`,
          fix: `omni doctor --fix (rewrites it to ${context.exe})`,
          fixable: true,
        });
      }
      return "broken";
    }
    const absent = ofPart.filter((status) => status.state === "absent");
    if (absent.length > 0) {
      for (const status of absent) {
        const gone = status.entry.format === "file" ? `${status.entry.file} is missing` : `${where(status)} is missing`;
        findings.push({
          file: status.entry.file,
          part,
          kind: "missing",
          problem: `${part}: ${gone}`,
          fix: `omni doctor --fix, or ${init}`,
          fixable: true,
        });
      }
      return "missing";
    }
    const stale = ofPart.filter((status) => status.state === "stale");
    // A setting that differs is the user's own choice: init leaves it, so only they can change it.
    const own = stale.filter((status) => status.entry.format === "yaml-default");
    for (const status of own)
      problems.push(
        `${where(status)} is ${JSON.stringify(status.value)}, and omni needs it ${JSON.stringify(expectedValue(status))}; init never overrides your own setting, so change it there yourself`,
      );
    for (const status of stale.filter((candidate) => !own.includes(candidate))) {
      findings.push({
        file: status.entry.file,
        part,
        kind: "stale",
        problem: `${part}: ${where(status)} differs from what this omni writes`,
        fix: `omni doctor --fix, or ${init}`,
        fixable: true,
      });
    }
    return stale.length > 0 ? "stale" : "ok";
  };
  const hooks = partState("hook");
  const mcp = partState("mcp");
  const settings = partState("setting");
  problems.unshift(...findings.map((finding) => `${finding.problem} (fix: ${finding.fix})`));
  if (installed) problems.push(...(host.doctorProblems?.(context) ?? []));
  return {
    id: host.id,
    label: host.label,
    tier: host.tier,
    installed,
    hooks,
    mcp,
    settings,
    files: [...new Set(statuses.map((status) => status.entry.file))],
    findings,
    problems,
    note: installed ? (host.note ?? null) : null,
  };
}

function where(status: EntryStatus): string {
  return `${entryLocation(status.entry)} in ${status.entry.file}`;
}

function expectedValue(status: EntryStatus): unknown {
  return "value" in status.entry ? status.entry.value : undefined;
}

/**
 * `--fix` for hosts: rewrite what this omni writes wherever a finding says it can. A host with a
 * file that does not parse is left as it is; its problem line says why and what repairs it.
 */
export function fixHosts(env: Env): string[] {
  const fixed: string[] = [];
  const context = installContext(env, false);
  for (const host of hostList) {
    const report = hostReport(host, env);
    if (!report.installed || report.findings.length === 0) continue;
    // Its problem line already says why --fix leaves it, and what does repair it.
    if (report.findings.some((finding) => !finding.fixable)) continue;
    // A problem init cannot mend (a user's own setting, Codex trust) leaves the files as they were: say nothing.
    const changes = installEntries(host.configEntries(context), { omniHome: omniHome(env), nowMs: systemClock.now() });
    const changed = changes.filter((change) => change.action !== "unchanged");
    if (changed.length > 0)
      fixed.push(
        `rewrote ${host.label} configuration to point at ${context.exe} (${changed.map((change) => `${change.action} ${change.file}`).join(", ")})`,
      );
  }
  return fixed;
}
