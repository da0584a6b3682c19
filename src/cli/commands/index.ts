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
  retrieve: { group: "SEE WHAT IT SAVED", summary: "print the bytes behind a marker's handle", load: () => import("./retrieve.ts") },
  diff: { group: "SEE WHAT IT SAVED", summary: "the last command, raw against delivered", load: () => import("./diff.ts") },
  bench: { group: "TUNE IT", summary: "replay a corpus through the pipeline, or time the built executable", load: () => import("./bench.ts") },
  exec: { group: "TUNE IT", summary: "run a command through the pipeline", load: () => import("./exec.ts") },
  version: { group: "MEMORY", summary: "version, build and resolved paths", load: () => import("./version.ts") },
};

/** Accepted spellings that name the same command. */
export const aliases: Record<string, string> = {};
