/** The agent already narrowed or reshaped the output (a pipe, a redirect, a machine format): what it reads is what it asked for. */
import { parseChain } from "../../base/shell-words.ts";
import type { Program } from "./program.ts";

const RESHAPING_TAILS = new Set([
  "head",
  "tail",
  "wc",
  "sort",
  "uniq",
  "jq",
  "yq",
  "cut",
  "awk",
  "sed",
  "tr",
  "column",
  "less",
  "more",
  "tee",
  "xargs",
  "nl",
  "fold",
  "fmt",
  "base64",
  "md5sum",
  "sha256sum",
  "tac",
  "rev",
  "paste",
  "comm",
  "diff",
]);
const MACHINE_OUTPUT = new Set(["tsv", "json", "jsonc", "yaml", "yml", "name", "jsonpath", "go-template", "custom-columns", "csv", "wide"]);

/** The passthrough reason when the agent shaped the output itself, else null. */
export function narrowedByAgent(command: string, program: Program, tail: Program | null): string | null {
  if (tail && RESHAPING_TAILS.has(tail.base)) return `reshaped by ${tail.base}`;
  if (parseChain(command).some((segment) => segment.redirectsStdout)) return "output redirected";
  const args = program.args;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--jq" || arg.startsWith("--jq=") || arg === "--template") return "machine-readable output";
    const value =
      arg === "-o" || arg === "--output" || arg === "--format" || arg === "--out"
        ? args[i + 1]
        : /^(?:-o|--output=|--format=|--out=)(.+)$/.exec(arg)?.[1];
    if (value && MACHINE_OUTPUT.has(value.split("=")[0]!.toLowerCase())) return "machine-readable output";
    if (arg === "--json" || arg === "--porcelain" || arg === "-z") return "machine-readable output";
  }
  return null;
}
