/**
 * `docker compose up|down|start`: the per-container lifecycle lines ("Creating x ... done",
 * "Container x  Started") become one line per final state naming every container; service log
 * lines are kept as printed. Output without lifecycle lines is not recognised.
 */
import { splitLines } from "../../base/lines.ts";

/** Compose v1: `Creating myapp_db_1 ... done`; v2: ` ✔ Container myapp-db-1  Started  0.4s`. */
const V1 = /^(Creating|Starting|Recreating|Stopping|Removing) (\S+)\s+\.\.\. done$/;
const V2 =
  /^\s*(?:[✔✓]\s+)?(Container|Network|Volume) (\S+)\s+(Created|Started|Running|Recreated|Healthy|Stopped|Removed|Creating|Starting|Stopping|Removing|Recreate|Waiting)\b(?:\s+[\d.]+s)?\s*$/i;
const V1_NETWORK = /^Creating network "([^"]+)" with (?:the )?\S+ driver$/;
/** v2's progress headers (`[+] Running 4/4`) and the log attach line repeat what the states say. */
const DECORATION = /^Attaching to \S|^\[\+\] \w+ \d+\/\d+\s*$/;

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
  // Each object reports several states in turn (Creating, Created, Starting, Started): the last is the answer.
  const finalState = new Map<string, Lifecycle>();
  const rest: string[] = [];
  let lifecycleLines = 0;
  for (const line of splitLines(text)) {
    const event = lifecycleOf(line);
    if (event) {
      lifecycleLines++;
      finalState.set(`${event.kind} ${event.name}`, event);
    } else if (!DECORATION.test(line) && line.trim() !== "") rest.push(line);
  }
  if (lifecycleLines < 2) return null;
  const groups = new Map<string, string[]>();
  for (const { kind, name, state } of finalState.values())
    groups.set(`${kind} ${state}`, [...(groups.get(`${kind} ${state}`) ?? []), name]);
  const summary = [...groups].map(([key, names]) => {
    const [kind, state] = key.split(" ");
    return `${names.length} ${kind}${names.length === 1 ? "" : "s"} ${state}: ${names.join(", ")}`;
  });
  return [`docker compose: ${summary.join("; ")}`, ...rest].join("\n") + "\n";
}
