/**
 * Report buckets for a call: its class (what kind of work produced it) and its shell shape. The
 * class follows the route, so the bench groups calls the way the pipeline treats them.
 */
import { routeTool } from "../core/route.ts";
import { parseChain, splitAssignments } from "../base/shell-words.ts";

export const CLASSES = ["file read", "search", "git", "build and test", "infra", "other"] as const;
export type CallClass = (typeof CLASSES)[number];

export const SHAPES = ["bare", "chain", "cd prefix", "VAR= prefix", "pipe", "not a shell"] as const;
export type ShellShape = (typeof SHAPES)[number];

export interface Bucket {
  callClass: CallClass;
  shape: ShellShape;
  /** The program that produced the output (the route's label), for "top commands". */
  label: string;
}

export function bucketOf(tool: string, command: string): Bucket {
  const route = routeTool(tool, command);
  return {
    callClass: classOf(tool, route.distiller, route.label),
    shape: tool === "Bash" ? shapeOf(command) : "not a shell",
    label: route.label,
  };
}

function classOf(tool: string, distiller: string | null, label: string): CallClass {
  if (tool === "Read" || distiller === "readfile") return "file read";
  if (tool === "Grep" || tool === "Glob" || distiller === "search" || ["grep", "rg", "ag", "find", "fd"].includes(label)) return "search";
  if (distiller === "git" || distiller === "vcs" || label === "git" || label === "gh") return "git";
  if (distiller === "test" || distiller === "build" || distiller === "jsts") return "build and test";
  if (distiller === "cloud") return "infra";
  return "other";
}

/** Leading `cd` and `VAR=` prefixes are told apart from real chains: they do not mix outputs. */
function shapeOf(command: string): ShellShape {
  const segments = parseChain(command);
  const first = segments[0];
  if (!first) return "bare";
  if (splitAssignments(first.words).assignments.length > 0) return "VAR= prefix";
  if (first.words[0] === "cd" && segments.length > 1 && first.next !== "|") return "cd prefix";
  if (segments.some((segment) => segment.next !== undefined && segment.next !== "|")) return "chain";
  if (segments.length > 1) return "pipe";
  return "bare";
}
