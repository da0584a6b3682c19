/**
 * The argv of the processes above this one: a hook is started by its host (often through a
 * shell), and the host's own command line can carry permission flags (`--disallowedTools`) that
 * no settings file shows. Linux only (/proc); elsewhere, and on any error, nothing.
 */
import { readFileSync } from "node:fs";

export function ancestorArgvs(maxDepth = 6): string[][] {
  const out: string[][] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < maxDepth && pid > 1; depth++) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8")
        .split("\0")
        .filter((arg) => arg !== "");
      out.push(argv);
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Field 4, after the parenthesised command name (which may itself hold spaces).
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      break;
    }
  }
  return out;
}
