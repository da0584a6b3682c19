import { inspectEntry, installEntries, uninstallEntries, type FileChange } from "../../hosts/config/apply.ts";
import { entryLocation, type ConfigEntry } from "../../hosts/config/entry.ts";
import { hostList } from "../../hosts/index.ts";
import type { HostAdapter } from "../../hosts/types.ts";
import { systemClock } from "../../platform/clock.ts";
import { writeErr, writeOut } from "../../platform/io.ts";
import { omniHome } from "../../platform/paths.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";
import { chooseHost, flaggedHosts, hostFlagSpecs, installContext } from "../host-select.ts";
import { linkOntoPath, omniOnPath } from "../on-path.ts";

export default defineCommand({
  usage: "omni init [--<host> … | --all] [--hook | --mcp] [--status | --uninstall]",
  description: "Write omni's hooks and MCP server into an agent host's own configuration. Idempotent: rerun it after an upgrade.",
  flags: {
    ...hostFlagSpecs("configure"),
    all: { type: "boolean", description: "every host, plus .vscode/mcp.json in the current directory" },
    hook: { type: "boolean", description: "only the hooks" },
    mcp: { type: "boolean", description: "only the MCP server registration" },
    status: { type: "boolean", description: "say what is installed, change nothing" },
    uninstall: { type: "boolean", description: "remove exactly what init added" },
  },
  notes: [
    "Exit status: 0 when every host was configured, 1 when one of them could not be (its config is left as it was).",
    "With no host flag: a menu on a terminal; without one, the host omni runs inside (it says which),",
    "or an error listing the flags. Every file is backed up under ~/.omni/backups before it changes.",
    "Cursor's rule preferring omni_run goes into ./.cursor/rules/omni.mdc: Cursor reads rules per project.",
    "Hermes: the omni-signal-engine plugin, plugins.enabled, the MCP server, and compression.enabled",
    "only where config.yaml has no setting of yours. Uninstall takes back only what init added.",
    "`--status` alone reports on every host.",
    "When nothing on PATH answers to `omni` (markers tell the agent to run `omni retrieve`), init links",
    "it into ~/.local/bin or ~/bin if one of them is on PATH, else warns with the fix.",
    "Then run `omni doctor`: init says what it wrote, doctor says whether the host reads it.",
  ].join("\n"),
  run({ env }, { flags }) {
    if (flags.status && flags.uninstall) throw new ActionableError("--status and --uninstall do not go together; pick one");
    // --status changes nothing, so with no host named it reports on every host rather than asking.
    const chosen = flags.all || (flags.status && flaggedHosts(flags).length === 0) ? [...hostList] : flaggedHosts(flags);
    const selected = chosen.length > 0 ? chosen : [chooseHost(env, "Configure")];
    const context = installContext(env, flags.all === true);
    const options = { omniHome: omniHome(env), nowMs: systemClock.now() };
    let failed = 0;
    for (const host of selected) {
      const entries = host.configEntries(context).filter((entry) => wanted(entry, flags));
      try {
        if (flags.status) writeOut(statusLines(host, entries));
        else
          writeOut(
            changeLines(host, flags.uninstall ? uninstallEntries(entries, options) : installEntries(entries, options), !flags.uninstall),
          );
      } catch (error) {
        // One broken host config must not stop the others (`--all`); the exit status says it happened.
        failed++;
        writeErr(`omni: ${host.label}: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    if (!flags.status && !flags.uninstall) {
      // Hooks call omni by absolute path; the model, told by a marker to run `omni retrieve`, uses its shell's PATH.
      const linked = linkOntoPath(env, context.exe);
      if (linked !== null) writeOut(`${linked}\n`);
      else {
        const { problem } = omniOnPath(env, context.exe);
        if (problem !== null) writeErr(`omni: warning: ${problem}\n`);
      }
    }
    return failed === 0 ? 0 : 1;
  },
});

function wanted(entry: ConfigEntry, flags: Record<string, string | boolean | undefined>): boolean {
  if (flags.hook && !flags.mcp) return entry.part === "hook";
  if (flags.mcp && !flags.hook) return entry.part === "mcp";
  return true;
}

function changeLines(host: HostAdapter, changes: FileChange[], installing: boolean): string {
  const lines = [`${host.label} (${host.tier})`];
  for (const change of changes)
    lines.push(`  ${change.action.padEnd(9)} ${change.file}${change.backup ? `  (backup: ${change.backup})` : ""}`);
  if (installing && host.note) lines.push(`  note: ${host.note}`);
  return `${lines.join("\n")}\n`;
}

function statusLines(host: HostAdapter, entries: ConfigEntry[]): string {
  const lines = [`${host.label} (${host.tier})`];
  const partWidth = Math.max(...entries.map((entry) => entry.part.length));
  for (const entry of entries)
    lines.push(`  ${entry.part.padEnd(partWidth)} ${inspectEntry(entry).state.padEnd(7)} ${entryLocation(entry)} in ${entry.file}`);
  return `${lines.join("\n")}\n`;
}
