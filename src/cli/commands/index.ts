/**
 * The only command list: name → help group, one-line summary, lazy import. Loading is lazy so a
 * hook never pays for a command it does not run.
 */
import type { Command } from "../command.ts";

export type HelpGroup = "SET UP" | "SEE WHAT IT SAVED" | "TUNE IT" | "MEMORY";

export interface CommandEntry {
  group: HelpGroup;
  summary: string;
  load: () => Promise<{ default: Command }>;
}

export const commands: Record<string, CommandEntry> = {
  init: { group: "SET UP", summary: "wire omni into an agent host (hooks + MCP)", load: () => import("./init.ts") },
  doctor: { group: "SET UP", summary: "check the install, and repair it with --fix", load: () => import("./doctor.ts") },
  reset: { group: "SET UP", summary: "remove omni from hosts; --all offers to delete the database", load: () => import("./reset.ts") },
  retrieve: { group: "SEE WHAT IT SAVED", summary: "print the bytes behind a marker's handle", load: () => import("./retrieve.ts") },
  diff: { group: "SEE WHAT IT SAVED", summary: "the last command, raw against delivered", load: () => import("./diff.ts") },
  exec: { group: "TUNE IT", summary: "run a command through the pipeline", load: () => import("./exec.ts") },
  version: { group: "MEMORY", summary: "version, build and resolved paths", load: () => import("./version.ts") },
};

/** Accepted spellings that name the same command. */
export const aliases: Record<string, string> = {};
