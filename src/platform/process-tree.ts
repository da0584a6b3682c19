/**
 * Every process a command started, found without cgroups: its descendants by parent id, and any
 * process still carrying the run's tag in its environment. A `setsid` child leaves the process
 * group, and one whose parent exited is re-parented away from the tree; the tag, inherited
 * through fork and exec, still names it. Linux /proc only; elsewhere the group kill stands alone.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The environment variable each run's processes inherit; its value names the run. */
export const RUN_TAG_VARIABLE = "OMNI_RUN_TAG";

function pids(): number[] {
  try {
    return readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields resume after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[1]);
  } catch {
    return null;
  }
}

function carriesTag(pid: number, tag: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).toString("latin1").split("\0").includes(`${RUN_TAG_VARIABLE}=${tag}`);
  } catch {
    return false;
  }
}

/** Live processes under `root` (by parent id) or tagged with `tag`, `root` itself included. */
export function runProcesses(root: number, tag: string): number[] {
  const all = pids();
  const children = new Map<number, number[]>();
  for (const pid of all) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found = new Set<number>([root]);
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  for (const pid of all) if (pid !== process.pid && !found.has(pid) && carriesTag(pid, tag)) found.add(pid);
  found.delete(process.pid);
  return [...found];
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Stop, then kill, every process of the run. Stopped first, so none can fork a new one between
 * the scan and the kill; scanned again until a pass finds nothing new.
 */
export function killRunTree(root: number, tag: string): number {
  const killed = new Set<number>();
  for (let pass = 0; pass < 5; pass++) {
    const found = runProcesses(root, tag).filter((pid) => !killed.has(pid));
    if (found.length === 0) break;
    for (const pid of found) signal(pid, "SIGSTOP");
    for (const pid of found) {
      signal(pid, "SIGKILL");
      killed.add(pid);
    }
  }
  return killed.size;
}
