/**
 * Command string → distiller. The only module that reads command strings, so a routing rule
 * lives in exactly one place (the original duplicated `matches!(cmd, …)` blocks and they drifted).
 * The rules that are more than a program's name live here, in order; then a program goes to the
 * distiller whose definition lists it (its `programs`), with that definition's collapse mode. The
 * parts: ./routing/program.ts (whose output it is), ./routing/launchers.ts (`npx tsc`, `uv run`),
 * ./routing/test-invocation.ts, ./routing/narrowing.ts, ./routing/family.ts (stats' families).
 */
import type { CollapseMode } from "../base/collapse-mode.ts";
import { basename } from "../base/shell-words.ts";
import { distillerFor, programOwner, type DistillerId } from "../distillers/index.ts";
import { JS_BUILD_TOOLS, launchedProgram, PACKAGE_MANAGERS, pythonModule } from "./routing/launchers.ts";
import { narrowedByAgent } from "./routing/narrowing.ts";
import { stripExecWrapper } from "./routing/omni-requests.ts";
import { shellScript, soleOutputProgram, type Program } from "./routing/program.ts";
import { isTestInvocation, JVM } from "./routing/test-invocation.ts";

export type { DistillerId };
export { commandFamily } from "./routing/family.ts";
export { programLevels } from "./routing/launchers.ts";
export { shellScript } from "./routing/program.ts";
export { commandRequestsPassthrough, envRequestsPassthrough, isOwnRecoveryCommand, stripExecWrapper } from "./routing/omni-requests.ts";

export interface Route {
  /** Which distiller reads this output; null means "pass it through verbatim". */
  distiller: DistillerId | null;
  /** Collapse mode for the fallback; null when collapsing would destroy an answer. */
  collapse: CollapseMode | null;
  /** Why the route is a passthrough, when it is one. */
  reason?: string;
  /** Label for stats rows: the program that produced the output. */
  label: string;
}

/** dpkg's query actions: list files, list packages, search, status, print a field. */
const DPKG_QUERIES = /^(?:-[LlSsp]|--(?:listfiles|list|search|status|print-avail|get-selections)\b)/;

const VERBATIM_PROGRAMS = new Set([
  "sort",
  "uniq",
  "cut",
  "jq",
  "yq",
  "column",
  "comm",
  "ls",
  "tree",
  "find",
  "ps",
  "df",
  "du",
  "stat",
  "wc",
  "python",
  "python3",
  "ruby",
  "awk",
  "file",
  "which",
  "whereis",
  "echo",
  "printf",
  "pwd",
  "date",
  "whoami",
  "id",
  "uname",
  "realpath",
  "readlink",
  "basename",
  "dirname",
  "seq",
  "nproc",
  "free",
  "lsof",
  "lsblk",
  "mount",
  "hostname",
]);
const FILE_READERS = new Set(["cat", "head", "tail", "bat", "less", "more", "nl"]);

/** To the distiller `id`, with the collapse mode its definition names. */
function route(id: DistillerId, label: string): Route {
  return { distiller: id, collapse: distillerFor(id).collapse, label };
}

/** To the distiller `id`, never collapsed: every row of this output is an answer. */
function uncollapsed(id: DistillerId, label: string): Route {
  return { distiller: id, collapse: null, label };
}

function passthrough(reason: string, label: string): Route {
  return { distiller: null, collapse: null, reason, label };
}

/** Read-only file readers (`cat f`, `head -n 40 f`, `sed -n '1,80p' f`) go to the readfile distiller. */
function readsAFile(program: Program): boolean {
  if (FILE_READERS.has(program.base)) return program.args.some((arg) => !arg.startsWith("-"));
  if (program.base === "sed") return program.args.includes("-n") && !program.args.some((arg) => arg === "-i" || arg.startsWith("-i"));
  return false;
}

function routeGit(args: string[], sub: string, label: string): Route {
  if (args.some((arg) => /^--(?:stat|numstat|shortstat|name-only|name-status|porcelain)/.test(arg)))
    return passthrough("file enumeration", label);
  // A custom format is the exact shape the agent asked for.
  if (args.some((arg) => /^--(?:format|pretty)(?:=|$)/.test(arg) && !/^--pretty=(?:short|medium|full|fuller|oneline)$/.test(arg)))
    return passthrough("custom format", label);
  // `git grep` prints `path:line:text` like grep: the search distiller reads it.
  if (sub === "grep") return route("search", label);
  // Transfer progress, not a status, log or diff: read by its line shapes.
  if (["clone", "fetch", "push"].includes(sub)) return route("generic", label);
  if (
    [
      "ls-files",
      "ls-tree",
      "rev-parse",
      "config",
      "branch",
      "tag",
      "remote",
      "stash",
      "worktree",
      "rev-list",
      "describe",
      "cat-file",
      "blame",
    ].includes(sub)
  )
    return passthrough("enumeration", label);
  return route("git", label);
}

function routeProgram(program: Program): Route {
  const { base, args } = program;
  const label = base;
  const sub = args.find((arg) => !arg.startsWith("-")) ?? "";
  const owner = programOwner(base);
  if (base === "git") return routeGit(args, sub, label);
  if ((base === "npm" || base === "pnpm" || base === "yarn") && sub === "audit") return route("security", label);
  if (owner === "vcs") return args.includes("list") ? route("vcs", label) : passthrough("not a listing", label);
  if (isTestInvocation(program)) return route("test", label);
  const launched = launchedProgram(program);
  // Bare `vite` is the dev server, whose banner is no build log; `vite build` is one.
  if (isViteDevServer(launched ?? program)) return route("jsts", label);
  if (launched && (JS_BUILD_TOOLS.has(launched.base) || programOwner(launched.base) === "build")) return route("build", label);
  // `node node_modules/.bin/eslint .`, `uv run ruff`: the launched tool's report, whoever starts it.
  const launchedOwner = launched ? programOwner(launched.base) : null;
  if (launchedOwner && launchedOwner !== "vcs") return route(launchedOwner, label);
  // `python -m pip install …`, `python -m build`, `python3 -m pylint mako`: the module is a tool
  // with a distiller of its own, so its report is that tool's, not a script's output.
  const module = pythonModule(program);
  if (module?.base === "build") return route("build", label);
  // `python3 setup.py build_ext --inplace`, `… sdist`: setuptools' build log.
  if (/^python/.test(base) && basename(args.find((arg) => !arg.startsWith("-")) ?? "") === "setup.py") return route("build", label);
  const moduleOwner = module ? programOwner(module.base) : null;
  if (moduleOwner) return route(moduleOwner, label);
  // `cargo run` / `go run` print the program's own output after the build: that output is the answer, not a build log.
  if ((base === "cargo" || base === "go") && (sub === "run" || sub === "r")) return route("generic", label);
  if (base === "cargo") {
    if (["build", "check", "clippy", "rustc", "fix", "doc", "install", "b", "c"].includes(sub)) return route("build", label);
    return passthrough("cargo subcommand without a distiller", label);
  }
  if (JVM.has(base) || base === "flutter" || base === "dart") return route("build", label);
  if (readsAFile(program)) return route("readfile", label);
  // `tar tvf`, `tar --list`: an archive's listing, every row an answer.
  if (base === "tar" && (args.includes("--list") || /^-?[A-Za-z]*t/.test(args[0] ?? ""))) return passthrough("file enumeration", label);
  // dpkg's queries (`dpkg -L pkg`, `dpkg -l`, `dpkg -S path`, `dpkg-query -W`) and apt's listings: every row an answer.
  if ((base === "dpkg" && args.some((arg) => DPKG_QUERIES.test(arg))) || base === "dpkg-query")
    return passthrough("file enumeration", label);
  if (
    (base === "apt" && sub === "list") ||
    (base === "apt-cache" && ["search", "policy", "show", "depends", "rdepends", "madison"].includes(sub))
  )
    return passthrough("listing or wrapper", label);
  if (base === "docker" || base === "podman") {
    if (["ps", "images", "exec", "run", "inspect", "container", "image", "volume", "network"].includes(sub))
      return passthrough("listing or wrapper", label);
  }
  if (base === "kubectl" || base === "oc") {
    if (["exec", "run", "api-resources", "api-versions", "config", "attach", "port-forward", "cp"].includes(sub))
      return passthrough("listing or wrapper", label);
    if (sub === "get" || sub === "top") return uncollapsed("cloud", label);
  }
  // helm's listings are tables like kubectl's: every row is an answer, never collapsed.
  if (base === "helm" && ["list", "ls", "status", "history"].includes(sub)) return uncollapsed("cloud", label);
  if (base === "ssh" || (base === "az" && args.includes("invoke"))) return passthrough("remote wrapper", label);
  // `npm run build` prints the bundler's log behind the package manager's banner: a build log.
  if (PACKAGE_MANAGERS.has(base) && sub === "run" && /^(?:build|compile|bundle)(?::|$)/.test(args[args.indexOf("run") + 1] ?? ""))
    return route("build", label);
  // The environment is a listing: every variable is an answer.
  if (base === "env" || base === "printenv") return uncollapsed("system-ops", label);
  if (owner) return route(owner, label);
  if (VERBATIM_PROGRAMS.has(base) || FILE_READERS.has(base) || base === "sed") return passthrough("enumeration or verbatim program", label);
  return route("generic", label);
}

function isViteDevServer(program: Program): boolean {
  return program.base === "vite" && !["build", "optimize", "preview"].some((sub) => program.args.includes(sub));
}

/** Which distiller handles the output of `command` (as run by a shell), or why none does. */
export function routeCommand(command: string, depth = 0): Route {
  const clean = stripExecWrapper(command);
  const { program, tail, mixed } = soleOutputProgram(clean);
  if (!program) return route("generic", mixed ? "chain" : "omni");
  // `bash -c 'npm test'`, `sh -lc "cd pkg && pytest"`: the script the shell runs is the command.
  const script = tail === null && depth < 2 ? shellScript(program) : null;
  if (script !== null) return routeCommand(script, depth + 1);
  const narrowed = narrowedByAgent(clean, program, tail);
  if (narrowed) return passthrough(narrowed, program.base);
  // Piped into grep: what the agent reads is search matches.
  if (tail && programOwner(tail.base) === "search") return route("search", program.base);
  return routeProgram(program);
}

/** Host tools that are not a shell: the tool itself decides the route. */
export function routeTool(tool: string, command: string): Route {
  switch (tool) {
    case "Read":
      return route("readfile", "Read");
    case "Grep":
      return route("search", "Grep");
    case "WebFetch":
      return { distiller: "generic", collapse: "log", label: "WebFetch" };
    default:
      return routeCommand(command);
  }
}
