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
  update: { group: "SET UP", summary: "upgrade this checkout: fetch, fast-forward, rebuild", load: () => import("./update.ts") },
  reset: { group: "SET UP", summary: "remove omni from hosts; --all offers to delete the database", load: () => import("./reset.ts") },
  retrieve: { group: "SEE WHAT IT SAVED", summary: "print the bytes behind a marker's handle", load: () => import("./retrieve.ts") },
  stats: { group: "SEE WHAT IT SAVED", summary: "what omni saved on your own history, in counted bytes", load: () => import("./stats.ts") },
  dashboard: {
    group: "SEE WHAT IT SAVED",
    summary: "the same numbers in a browser, on 127.0.0.1 only",
    load: () => import("./dashboard.ts"),
  },
  diff: { group: "SEE WHAT IT SAVED", summary: "the last command, raw against delivered", load: () => import("./diff.ts") },
  bench: {
    group: "TUNE IT",
    summary: "replay a corpus through the pipeline, or time the built executable",
    load: () => import("./bench.ts"),
  },
  exec: { group: "TUNE IT", summary: "run a command through the pipeline", load: () => import("./exec.ts") },
  gateway: { group: "TUNE IT", summary: "what the pre-hook would rewrite into omni exec, and why", load: () => import("./gateway.ts") },
  session: { group: "SEE WHAT IT SAVED", summary: "a session's spend and the context it carries over", load: () => import("./session.ts") },
  query: { group: "TUNE IT", summary: "fixed queries over history: errors, warnings, context, timeline", load: () => import("./query.ts") },
  patterns: { group: "TUNE IT", summary: "errors that keep coming back, active or resolved", load: () => import("./patterns.ts") },
  remember: { group: "MEMORY", summary: "store a fact for later sessions and omni_recall", load: () => import("./remember.ts") },
  engram: { group: "MEMORY", summary: "digests of finished subtasks", load: () => import("./engram.ts") },
  goal: { group: "MEMORY", summary: "pin, show or clear the project's goal", load: () => import("./goal.ts") },
  version: { group: "MEMORY", summary: "version, build and resolved paths", load: () => import("./version.ts") },
};

/** Accepted spellings that name the same command. */
export const aliases: Record<string, string> = { engrams: "engram", sessions: "session" };
