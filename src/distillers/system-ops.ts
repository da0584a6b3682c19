/**
 * System commands. Listings (find, ls, tree, ps, df) are the answer and never reach here
 * (route.ts passes them through); this drops download and package-manager progress
 * (curl, wget, apt). Secrets are not this module's job: the pipeline masks them for every command
 * before any distiller runs. Nothing recognised → null, so an enumeration comes back row for row.
 */
import { splitLines } from "../base/lines.ts";
import { defineDistiller } from "./types.ts";

/**
 * Lines that report progress, not outcome. The outcome lines of the same tools are kept, and so
 * is curl's meter header: its one remaining row (the final state, see below) is unreadable alone.
 */
const PROGRESS_LINES: RegExp[] = [
  // wget
  /^Resolving \S+.*\.\.\. /,
  /^Connecting to \S+.*\.\.\. connected\.$/,
  /^\s*\d+K(?: [. ]{10}){1,5}\s+\d+%/,
  // apt, apt-get, dpkg
  /^(?:Get|Hit|Ign):\d+ /,
  /^(?:Reading package lists|Building dependency tree|Reading state information)\.\.\./,
  /^\(Reading database \.\.\./,
  /^Selecting previously unselected package /,
  /^Preparing to unpack /,
  /^Unpacking /,
  /^Processing triggers for /,
  /^Progress: \[\s*\d+%\]/,
];

/** A line rewritten in place with `\r` (a progress meter): only its final state was ever visible. */
function finalState(line: string): string {
  const parts = line.split("\r").filter((part) => part.trim() !== "");
  return parts.length === 0 ? "" : parts[parts.length - 1]!;
}

export default defineDistiller({
  id: "system-ops",
  collapse: "log",
  programs: [
    "curl",
    "wget",
    "tar",
    "zip",
    "unzip",
    "apt",
    "apt-get",
    "brew",
    "yum",
    "dnf",
    "apk",
    "pacman",
    "env",
    "printenv",
    "systemctl",
    "journalctl",
    "dmesg",
    "rsync",
    "scp",
    "ping",
    "traceroute",
    "netstat",
    "ss",
    "top",
    "htop",
  ],
  declined: "not recognised",
  describe: "curl/wget/apt progress dropped; listings left whole.",
  distill({ text }) {
    let changed = false;
    const kept: string[] = [];
    for (const raw of splitLines(text)) {
      const line = raw.includes("\r") ? finalState(raw) : raw;
      if (line !== raw) changed = true;
      if (PROGRESS_LINES.some((pattern) => pattern.test(line))) {
        changed = true;
        continue;
      }
      if (raw.trim() === "" || line.trim() !== "") kept.push(line);
    }
    // Only progress and nothing else: a summary of nothing would claim more than it read.
    if (!changed || !kept.some((line) => line.trim() !== "")) return null;
    return kept.join("\n") + "\n";
  },
});
