/**
 * System commands. Listings (find, ls, tree, ps, df) are the answer and never reach here
 * (route.ts passes them through); this drops download and package-manager progress
 * (curl, wget, apt) and masks secrets (env, printenv, any `KEY=value` whose key names one).
 * Nothing recognised → null, so an enumeration comes back row for row.
 */
import { splitLines } from "../core/lines.ts";
import { redactionHeader } from "../core/markers.ts";
import { redactSecrets } from "../core/redact.ts";
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
  describe: "curl/wget/apt progress dropped, secrets in env/printenv/KEY=value lines masked; listings left whole.",
  distill({ text }) {
    const redacted = redactSecrets(text);
    let changed = redacted.count > 0;
    const kept: string[] = [];
    for (const raw of splitLines(redacted.text)) {
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
    const header = redacted.count > 0 ? [redactionHeader(redacted.count)] : [];
    return [...header, ...kept].join("\n") + "\n";
  },
});
