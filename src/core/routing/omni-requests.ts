/**
 * What a command asks of omni itself, whichever program it runs: the pre-hook's own `omni exec`
 * rewrite, an `OMNI_PASSTHROUGH=1` opt-out, or omni's own recovery commands.
 */
import { unwrapRewrite } from "../gateway/rewrite-form.ts";
import { basename, parseChain, splitAssignments } from "../../base/shell-words.ts";

const PASSTHROUGH_ON = new Set(["1", "true", "yes", "on", "y"]);

/** The command as the agent typed it, when this is the pre-hook's `omni exec` rewrite of it. */
export function stripExecWrapper(command: string): string {
  return unwrapRewrite(command);
}

/** `OMNI_PASSTHROUGH=1 cmd` as a leading assignment, the position a shell would apply it in. */
export function commandRequestsPassthrough(command: string): boolean {
  const first = parseChain(command)[0];
  if (!first) return false;
  return splitAssignments(first.words).assignments.some((word) => {
    const eq = word.indexOf("=");
    return word.slice(0, eq).toUpperCase() === "OMNI_PASSTHROUGH" && PASSTHROUGH_ON.has(word.slice(eq + 1).toLowerCase());
  });
}

export function envRequestsPassthrough(env: Record<string, string | undefined>): boolean {
  for (const [key, value] of Object.entries(env)) {
    if (key.toUpperCase() === "OMNI_PASSTHROUGH" && value !== undefined && PASSTHROUGH_ON.has(value.trim().toLowerCase())) return true;
  }
  return false;
}

/** `omni retrieve …`: its output is the recovery itself and must reach the reader whole (`omni diff` is a report like any other). */
export function isOwnRecoveryCommand(command: string): boolean {
  for (const segment of parseChain(command)) {
    const words = splitAssignments(segment.words).rest;
    for (let i = 0; i < words.length; i++) {
      if (basename(words[i]!) !== "omni") continue;
      const sub = words.slice(i + 1).find((w) => !w.startsWith("-"));
      if (sub === "retrieve") return true;
    }
  }
  return false;
}
