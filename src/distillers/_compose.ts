/**
 * `docker compose up`: the per-container lifecycle lines ("Creating x ... done", "Container x
 * Started") become one line per state naming every container; service log lines are kept as
 * printed. Output without lifecycle lines is not recognised.
 */
import { splitLines } from "../core/lines.ts";

/** Compose v1: `Creating myapp_db_1 ... done`; v2: ` ✔ Container myapp-db-1  Started  0.4s`. */
const V1 = /^(Creating|Starting|Recreating|Stopping|Removing) (\S+)\s+\.\.\. done$/;
const V2 = /^\s*(?:[✔✓]\s+)?(Container|Network|Volume) (\S+)\s+(Created|Started|Running|Recreated|Healthy|Stopped|Removed|Creating|Starting)\b(?:\s+[\d.]+s)?\s*$/i;
const V1_NETWORK = /^Creating network "([^"]+)" with (?:the )?\S+ driver$/;
const ATTACHING = /^Attaching to \S/;

interface Lifecycle {
  kind: string;
  name: string;
  state: string;
}

function lifecycleOf(line: string): Lifecycle | null {
  const v1 = V1.exec(line);
  if (v1) return { kind: "container", name: v1[2]!, state: v1[1]!.toLowerCase().replace(/ing$/, "ed") };
  const net = V1_NETWORK.exec(line);
  if (net) return { kind: "network", name: net[1]!, state: "created" };
  const v2 = V2.exec(line);
  if (v2) return { kind: v2[1]!.toLowerCase(), name: v2[2]!, state: v2[3]!.toLowerCase() };
  return null;
}

export function summariseComposeUp(text: string): string | null {
  const lines = splitLines(text);
  const groups = new Map<string, string[]>();
  const rest: string[] = [];
  let lifecycleLines = 0;
  for (const line of lines) {
    const event = lifecycleOf(line);
    if (event) {
      lifecycleLines++;
      const key = `${event.kind} ${event.state}`;
      groups.set(key, [...(groups.get(key) ?? []), event.name]);
    } else if (!ATTACHING.test(line)) rest.push(line);
  }
  if (lifecycleLines < 2) return null;
  const summary = [...groups].map(([key, names]) => {
    const [kind, state] = key.split(" ");
    return `${names.length} ${kind}${names.length === 1 ? "" : "s"} ${state}: ${names.join(", ")}`;
  });
  return [`docker compose: ${summary.join("; ")}`, ...rest.filter((line) => line.trim() !== "")].join("\n") + "\n";
}
