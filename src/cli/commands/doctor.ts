import { writeOut } from "../../platform/io.ts";
import { defineCommand } from "../command.ts";
import { applyFixes, buildReport, type DoctorReport } from "../doctor-report.ts";

export default defineCommand({
  usage: "omni doctor [--fix] [--json] [--detail]",
  description:
    "Check the install: the binary, omni's directory and database, each host's hooks and MCP registration, and the tier per host.",
  flags: {
    fix: { type: "boolean", description: "repair what can be repaired, and say what was done" },
    json: { type: "boolean", description: "print only the JSON report on stdout" },
    detail: { type: "boolean", description: "also list hosts that are not configured, with their files" },
  },
  notes: [
    "Exit status: 0 when nothing is wrong, 1 when a problem remains.",
    "It checks the configuration is where each host reads it, not that the host honours it:",
    "each file parses, each hook and MCP entry is there and runs an executable that exists,",
    "and `omni` is on PATH (markers tell the agent to run `omni retrieve`). A host whose file",
    "omni wrote is deleted or corrupt stays in the report as a failure naming the file.",
    "--fix rewrites omni's own entries; a file that does not parse is left for you to mend.",
    "Codex: fails until config.toml holds Codex's trust record for each omni hook (approve them under /hooks).",
  ].join("\n"),
  run({ env }, { flags }) {
    const fixed = flags.fix ? applyFixes(env) : [];
    const report = buildReport(env, fixed);
    writeOut(flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderText(report, flags.detail === true));
    return report.ok ? 0 : 1;
  },
});

function renderText(report: DoctorReport, detail: boolean): string {
  const mark = (ok: boolean) => (ok ? "ok  " : "FAIL");
  const lines = [
    `omni doctor (v${report.version})`,
    `  [${mark(report.binary.executable && report.binary.on_path !== null)}] binary    ${report.binary.path}${report.binary.on_path ? `  (on PATH: ${report.binary.on_path})` : "  (not on PATH: the agent cannot run omni retrieve)"}`,
    `  [${mark(report.config_dir.owner_only)}] config    ${report.config_dir.path} ${report.config_dir.mode ?? "absent"}`,
    `  [${mark(report.database.writable && report.database.owner_only)}] database  ${report.database.path} ${report.database.mode ?? "absent"}${report.database.writable ? "" : ` (${report.database.error ?? "not writable"})`}`,
    "  hosts:",
  ];
  for (const host of report.hosts) {
    if (!host.installed && !detail) continue;
    lines.push(
      `    [${mark(host.problems.length === 0)}] ${host.label.padEnd(18)} ${host.tier.padEnd(13)} hooks: ${host.hooks.padEnd(13)} mcp: ${host.mcp}${host.settings === "n/a" ? "" : `  settings: ${host.settings}`}`,
    );
    if (detail) for (const file of host.files) lines.push(`           ${file}`);
    for (const finding of host.findings) lines.push(`           ${finding.kind}: ${finding.file}`);
    if (host.note) lines.push(`           note: ${host.note}`);
  }
  if (!report.hosts.some((host) => host.installed)) lines.push("    none configured (run omni init)");
  lines.push(`  ${report.mcp_tools.line}`);
  for (const fix of report.fixed) lines.push(`  fixed: ${fix}`);
  for (const problem of report.problems) lines.push(`  problem: ${problem}`);
  lines.push(
    report.ok
      ? "All good."
      : `${report.problems.length} problem(s).${report.fixed.length === 0 ? " omni doctor --fix repairs what it can." : ""}`,
  );
  return `${lines.join("\n")}\n`;
}
