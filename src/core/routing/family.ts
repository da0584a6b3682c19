/** The command family stats group by and re-runs are matched on. */
import { soleOutputProgram } from "./program.ts";
import { stripExecWrapper } from "./omni-requests.ts";

/** Programs whose first bare argument names what ran (`git status`, `npm test`, `make check`). */
const SUBCOMMAND_PROGRAMS = new Set([
  "git",
  "cargo",
  "go",
  "npm",
  "pnpm",
  "yarn",
  "bun",
  "npx",
  "bunx",
  "deno",
  "docker",
  "podman",
  "kubectl",
  "helm",
  "terraform",
  "tofu",
  "gh",
  "glab",
  "make",
  "dotnet",
  "pip",
  "pip3",
  "uv",
  "poetry",
  "mvn",
  "gradle",
  "swift",
  "aws",
  "gcloud",
  "az",
]);

/**
 * The command family stats group by and re-runs are matched on: `git status -s` → `git status`,
 * `cat a.txt` → `cat`. Host tools that are not a shell are their own family.
 */
export function commandFamily(command: string, tool: string | null = null): string {
  if (tool && tool !== "Bash") return tool;
  const { program, mixed } = soleOutputProgram(stripExecWrapper(command));
  if (!program) return mixed ? "(chain)" : "(none)";
  const sub = SUBCOMMAND_PROGRAMS.has(program.base) ? program.args.find((arg) => !arg.startsWith("-")) : undefined;
  return sub && /^[a-z][a-z0-9:_-]*$/.test(sub) ? `${program.base} ${sub}` : program.base;
}
