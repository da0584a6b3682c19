/** `omni --help`, grouped by what the user is trying to do. */
import { commands, type HelpGroup } from "./commands/index.ts";
import type { Command } from "./command.ts";
import { formatFlagHelp } from "./flags.ts";

const GROUP_ORDER: HelpGroup[] = ["SET UP", "SEE WHAT IT SAVED", "TUNE IT", "MEMORY"];

export const HOOK_ENTRY_POINTS: ReadonlyArray<[flag: string, summary: string]> = [
  ["--pre-hook", "PreToolUse: hand a matched command to omni exec"],
  ["--post-hook", "PostToolUse: host payload on stdin, reply on stdout"],
  ["--hook", "any event the payload names (host spellings folded)"],
  ["--session-start", "SessionStart / SubagentStart: inject project context"],
  ["--before-agent-start", "the same, under another host's name"],
  ["--session-end", "SessionEnd: write the session summary"],
  ["--pre-compact", "PreCompact: forget what the session was shown"],
  ["--mcp", "MCP server, stdio; tier from env or the client's name"],
];

export function mainHelp(): string {
  const lines = [
    "omni: edits what your AI agent reads, before it reads it.",
    "",
    "Usage: omni <command> [flags]",
    "       cmd | omni [--cmd <command>]   distill a command's output (pipe mode)",
    "",
  ];
  for (const group of GROUP_ORDER) {
    const entries = Object.entries(commands).filter(([, entry]) => entry.group === group);
    if (entries.length === 0) continue;
    lines.push(`${group}`);
    for (const [name, entry] of entries) lines.push(`  ${name.padEnd(12)}${entry.summary}`);
    lines.push("");
  }
  lines.push("HOOK ENTRY POINTS (written into host config by omni init; not for typing)");
  for (const [flag, summary] of HOOK_ENTRY_POINTS) lines.push(`  ${flag.padEnd(22)}${summary}`);
  lines.push(
    "",
    "Run `omni <command> --help` for a command's flags.",
    "OMNI_PASSTHROUGH=1 turns omni off for one command.",
    "Exit status: 0 on success, 1 on a usage error; omni exec: the command's own.",
    "",
  );
  return lines.join("\n");
}

export function commandHelp(command: Command): string {
  const parts = [command.description, "", `Usage: ${command.usage}`];
  const flags = formatFlagHelp({ ...command.flags, help: { type: "boolean", short: "h", description: "show this help" } });
  parts.push("", "Flags:", flags);
  if (command.notes) parts.push("", command.notes);
  return `${parts.join("\n")}\n`;
}
