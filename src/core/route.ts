/**
 * Command string → distiller. The only module that reads command strings, so a routing rule
 * lives in exactly one place (the original duplicated `matches!(cmd, …)` blocks and they drifted).
 */
import type { CollapseMode } from "./collapse.ts";
import { unwrapRewrite } from "./gateway/rewrite-form.ts";
import { basename, parseChain, splitAssignments, type ShellSegment } from "../base/shell-words.ts";

import type { DistillerId } from "../distillers/index.ts";

export type { DistillerId };

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

const SILENT_BUILTINS = new Set([
  "cd",
  "pushd",
  "popd",
  "export",
  "set",
  "unset",
  "source",
  ".",
  "true",
  ":",
  "alias",
  "umask",
  "ulimit",
  "shopt",
  "trap",
  "sleep",
  "mkdir",
  "touch",
  "rm",
  "cp",
  "mv",
  "chmod",
  "wait",
]);
const FILTERING_TAILS = new Set(["grep", "rg", "ag", "egrep", "fgrep"]);
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
const MACHINE_OUTPUT = new Set(["tsv", "json", "jsonc", "yaml", "yml", "name", "jsonpath", "go-template", "custom-columns", "csv", "wide"]);
const DATABASE_CLIS = new Set([
  "psql",
  "mysql",
  "sqlite3",
  "pg_dump",
  "pg_restore",
  "redis-cli",
  "mongosh",
  "mongo",
  "clickhouse",
  "clickhouse-client",
  "duckdb",
]);
const SECURITY_SCANNERS = new Set([
  "semgrep",
  "trivy",
  "snyk",
  "hadolint",
  "gosec",
  "bandit",
  "grype",
  "checkov",
  "tfsec",
  "gitleaks",
  "npm-audit",
]);
const VCS_CLIS = new Set(["gh", "hub", "glab"]);
const JVM = new Set(["java", "javac", "mvn", "mvnw", "gradle", "gradlew", "kotlin", "kotlinc", "sbt"]);
const CLOUD = new Set([
  "docker",
  "docker-compose",
  "podman",
  "kubectl",
  "helm",
  "terraform",
  "tofu",
  "aws",
  "gcloud",
  "az",
  "doctl",
  "skaffold",
  "argocd",
  "flux",
  "k3d",
  "kind",
  "minikube",
  "kustomize",
  "cdk",
  "pulumi",
  "serverless",
  "sam",
  "oc",
  "nomad",
  "vagrant",
]);
const SYSTEM_OPS = new Set([
  "curl",
  "wget",
  "tar",
  "zip",
  "unzip",
  "apt",
  "apt-get",
  "brew",
  "yum",
  "dnf",
  "apk",
  "pacman",
  "env",
  "printenv",
  "systemctl",
  "journalctl",
  "dmesg",
  "rsync",
  "scp",
  "ping",
  "traceroute",
  "netstat",
  "ss",
  "top",
  "htop",
]);
const TEST_RUNNERS = new Set([
  "pytest",
  "py.test",
  "jest",
  "vitest",
  "mocha",
  "playwright",
  "rspec",
  "phpunit",
  "pest",
  "nextest",
  "tap",
  "tape",
  "ava",
  "karma",
  "cypress",
  "ctest",
  "tox",
  "nox",
  "prove",
  "uvu",
  "jasmine",
  "cucumber-js",
  "cucumber",
  "behave",
  "nose2",
  "trial",
  "busted",
  "bats",
  "codeceptjs",
]);
const BUILD_TOOLS = new Set([
  "make",
  "cmake",
  "ninja",
  "gcc",
  "g++",
  "cc",
  "c++",
  "clang",
  "clang++",
  "rustc",
  "tsc",
  "webpack",
  "rollup",
  "esbuild",
  "vite",
  "parcel",
  "swc",
  "babel",
  "pip",
  "pip3",
  "ruff",
  "mypy",
  "pyright",
  "black",
  "flake8",
  "pylint",
  "rake",
  "rubocop",
  "bundle",
  "shellcheck",
  "cppcheck",
  "clang-tidy",
  "golangci-lint",
  "staticcheck",
  "phpstan",
  "psalm",
  "phpcs",
  "perlcritic",
  "yamllint",
  "actionlint",
  "ktlint",
  "detekt",
  "swiftlint",
  "pycodestyle",
  "pydocstyle",
  "bandit-lint",
  "isort",
  "scalac",
  "ghc",
  "ocamlfind",
  "dune",
  "elm",
  "valac",
  "dotnet",
  "swift",
  "xcodebuild",
  "bazel",
  "buck",
  "pants",
  "nx",
  "turbo",
  "meson",
  "scons",
  "configure",
  "go",
]);
const JSTS_TOOLS = new Set([
  "eslint",
  "prettier",
  "biome",
  "oxlint",
  "stylelint",
  "npm",
  "pnpm",
  "yarn",
  "bun",
  "npx",
  "bunx",
  "deno",
  "tsd",
  "lerna",
  "corepack",
]);
const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
/** `npx tsc`, `pnpm exec vitest`, `uv run pytest`: the word after these runs as the program. */
const PACKAGE_RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const RUNNER_SUBCOMMANDS = new Set(["exec", "dlx", "x"]);
const PYTHON_ENV_RUNNERS = new Set(["uv", "poetry", "pipenv", "pdm", "hatch"]);
/** Build tools a package runner may launch (`npx tsc`, `yarn webpack`): their output is a build log. */
const JS_BUILD_TOOLS = new Set(["tsc", "webpack", "webpack-cli", "rollup", "esbuild", "vite", "parcel", "swc", "babel"]);
const FILE_READERS = new Set(["cat", "head", "tail", "bat", "less", "more", "nl"]);

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

interface Program {
  base: string;
  args: string[];
  segment: ShellSegment;
}

/** Wrappers that run the rest of their words as the program, with how many words each option takes. */
const WRAPPER_OPTIONS: Record<string, { valued: RegExp; positional: number }> = {
  // `timeout [-s SIG] [-k DUR] [--preserve-status] DURATION cmd`
  timeout: { valued: /^(?:-s|--signal|-k|--kill-after)$/, positional: 1 },
  time: { valued: /^(?:-f|--format|-o|--output)$/, positional: 0 },
  nice: { valued: /^(?:-n|--adjustment)$/, positional: 0 },
  nohup: { valued: /^$/, positional: 0 },
  stdbuf: { valued: /^(?:-i|-o|-e)$/, positional: 0 },
  ionice: { valued: /^(?:-c|-n|-p|--class|--classdata)$/, positional: 0 },
  sudo: { valued: /^(?:-u|-g|-C|-D|-h|-p|-U|--user|--group)$/, positional: 0 },
  command: { valued: /^$/, positional: 0 },
  exec: { valued: /^(?:-a)$/, positional: 0 },
  env: { valued: /^(?:-u|--unset|-C|--chdir|-S|--split-string)$/, positional: 0 },
};

/** Words after a wrapper and its own options: the wrapped program's argv. */
function peelWrapper(wrapper: string, words: string[]): string[] {
  const spec = WRAPPER_OPTIONS[wrapper]!;
  let rest = words;
  let positional = spec.positional;
  while (rest.length > 0) {
    const word = rest[0]!;
    if (word === "--") {
      rest = rest.slice(1);
      break;
    }
    if (wrapper === "env" && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) rest = rest.slice(1);
    else if (spec.valued.test(word)) rest = rest.slice(2);
    else if (word.startsWith("-") && word.length > 1) rest = rest.slice(1);
    else if (positional > 0) {
      rest = rest.slice(1);
      positional--;
    } else break;
  }
  return rest;
}

/** `python3.12`, `python3` and `python` are one program to routing. */
function programBase(word: string): string {
  const base = basename(word);
  return /^python[0-9.]*$/.test(base) && base !== "python" ? "python3" : base;
}

function programOf(segment: ShellSegment): Program | null {
  let words = splitAssignments(segment.words).rest;
  for (let depth = 0; depth < 4 && words.length > 0 && basename(words[0]!) in WRAPPER_OPTIONS; depth++) {
    const wrapper = basename(words[0]!);
    words = peelWrapper(wrapper, words.slice(1));
    if (wrapper === "env" && words.length === 0) return { base: "env", args: [], segment };
  }
  if (words.length === 0) return null;
  return { base: programBase(words[0]!), args: words.slice(1), segment };
}

/**
 * The single program whose stdout this is, or null when several programs' output is mixed
 * (e.g. `git status && find .`). Silent builtins do not count as producers.
 */
export function soleOutputProgram(command: string): { program: Program | null; tail: Program | null; mixed: boolean } {
  const segments = parseChain(command);
  const producers: Program[] = [];
  let tail: Program | null = null;
  for (let i = 0; i < segments.length; i++) {
    const program = programOf(segments[i]!);
    if (!program) continue;
    const pipedInto = i > 0 && segments[i - 1]!.next === "|";
    if (pipedInto) {
      tail = program;
      continue;
    }
    if (!SILENT_BUILTINS.has(program.base)) producers.push(program);
  }
  return { program: producers.length === 1 ? producers[0]! : null, tail, mixed: producers.length > 1 };
}

/** The agent already narrowed or reshaped the output: what it reads is what it asked for. */
function narrowedByAgent(command: string, program: Program, tail: Program | null): string | null {
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

function hasWord(args: string[], ...words: string[]): boolean {
  return args.some((arg) => words.includes(arg));
}

/**
 * The program a package or environment runner launches: `npx vitest run` → vitest,
 * `pnpm exec jest` → jest, `yarn tsc` → tsc, `uv run pytest` → pytest. Null when it runs a script.
 */
function launchedProgram(program: Program): Program | null {
  const { base, args } = program;
  let rest: string[] | null = null;
  if (PACKAGE_RUNNERS.has(base)) rest = args.filter((arg) => !arg.startsWith("-"));
  else if (PACKAGE_MANAGERS.has(base) && args[0] !== undefined && RUNNER_SUBCOMMANDS.has(args[0])) rest = args.slice(1);
  else if ((base === "yarn" || base === "pnpm") && args[0] !== undefined && (TEST_RUNNERS.has(args[0]) || JS_BUILD_TOOLS.has(args[0])))
    rest = args;
  else if (PYTHON_ENV_RUNNERS.has(base) && args[0] === "run") rest = args.slice(1);
  else if (base === "bundle" && (args[0] === "exec" || args[0] === "ex")) rest = args.slice(1);
  else if (base === "deno" && args[0] === "run" && args.some((arg) => arg.startsWith("npm:")))
    rest = [
      args
        .find((arg) => arg.startsWith("npm:"))!
        .slice(4)
        .replace(/@[^/]*$/, ""),
      ...args.slice(args.findIndex((arg) => arg.startsWith("npm:")) + 1),
    ];
  const first = rest?.find((arg) => !arg.startsWith("-"));
  if (!rest || first === undefined) return null;
  return { base: programBase(first), args: rest.slice(rest.indexOf(first) + 1), segment: program.segment };
}

/**
 * The program that really runs, launchers peeled: `timeout 60 npx vitest run` → vitest,
 * `bundle exec rspec` → rspec, `uv run pytest` → pytest. Each level, outermost first.
 */
export function programLevels(command: string): Array<{ base: string; args: string[] }> {
  const { program } = soleOutputProgram(command);
  const levels: Array<{ base: string; args: string[] }> = [];
  for (let current: Program | null = program, depth = 0; current && depth < 4; current = launchedProgram(current), depth++)
    levels.push({ base: current.base, args: current.args });
  return levels;
}

function isTestInvocation(program: Program): boolean {
  const { base, args } = program;
  if (TEST_RUNNERS.has(base)) return true;
  const launched = launchedProgram(program);
  if (launched && isTestInvocation(launched)) return true;
  const first = args.find((arg) => !arg.startsWith("-"));
  if (base === "node" || base === "deno" || base === "bun") return hasWord(args, "--test", "test");
  if (base === "python" || base === "python3") {
    const module = args[args.indexOf("-m") + 1];
    return (
      args.includes("-m") &&
      (module === "pytest" || module === "unittest" || module === "tox" || module === "nose2" || module === "doctest")
    );
  }
  // `hatch run test`, `poetry run test`: a script of the project's environment named for its tests.
  if (
    PYTHON_ENV_RUNNERS.has(base) &&
    first === "run" &&
    /^(?:test|tests|unit|cov|coverage)(?::|$)/.test(args[args.indexOf("run") + 1] ?? "")
  )
    return true;
  if (PACKAGE_MANAGERS.has(base)) {
    if (first === "test" || first === "t") return true;
    const script = args[args.indexOf("run") + 1] ?? "";
    return first === "run" && /^test(?::|$)|^(?:unit|e2e|spec)(?::|$)/.test(script);
  }
  if (base === "npx" || base === "bunx" || base === "pnpx") return first !== undefined && TEST_RUNNERS.has(basename(first));
  if (base === "go" || base === "cargo" || base === "dotnet" || base === "swift" || base === "mix" || base === "zig")
    return hasWord(args, "test", "nextest", "bench");
  if (JVM.has(base) || base === "flutter" || base === "dart") return args.some((arg) => arg.toLowerCase().includes("test"));
  if (base === "make" || base === "ctest" || base === "ninja") return hasWord(args, "test", "check", "tests");
  if (base === "meson") return args[0] === "test";
  if (base === "rake" || base === "rails" || base === "composer" || base === "lein" || base === "stack" || base === "cabal")
    return hasWord(args, "test", "spec");
  return false;
}

function collapseModeFor(distiller: DistillerId): CollapseMode {
  switch (distiller) {
    case "test":
      return "test";
    case "build":
    case "jsts":
    case "security":
      return "build";
    case "cloud":
      return "infra";
    case "database":
    case "search":
    case "vcs":
    case "system-ops":
      return "log";
    default:
      return "generic";
  }
}

function route(distiller: DistillerId, label: string): Route {
  return { distiller, collapse: collapseModeFor(distiller), label };
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

function routeProgram(program: Program): Route {
  const { base, args } = program;
  const label = base;
  const sub = args.find((arg) => !arg.startsWith("-")) ?? "";
  if (base === "git") {
    if (args.some((arg) => /^--(?:stat|numstat|shortstat|name-only|name-status|porcelain)/.test(arg)))
      return passthrough("file enumeration", label);
    // A custom format is the exact shape the agent asked for.
    if (args.some((arg) => /^--(?:format|pretty)(?:=|$)/.test(arg) && !/^--pretty=(?:short|medium|full|fuller|oneline)$/.test(arg)))
      return passthrough("custom format", label);
    // `git grep` prints `path:line:text` like grep: the search distiller reads it.
    if (sub === "grep") return { distiller: "search", collapse: null, label };
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
  if (DATABASE_CLIS.has(base)) return route("database", label);
  if (SECURITY_SCANNERS.has(base)) return route("security", label);
  if ((base === "npm" || base === "pnpm" || base === "yarn") && sub === "audit") return route("security", label);
  if (VCS_CLIS.has(base)) return args.includes("list") ? route("vcs", label) : passthrough("not a listing", label);
  if (isTestInvocation(program)) return route("test", label);
  const launched = launchedProgram(program);
  // Bare `vite` is the dev server, whose banner is no build log; `vite build` is one.
  if (isViteDevServer(launched ?? program)) return route("jsts", label);
  if (launched && (JS_BUILD_TOOLS.has(launched.base) || BUILD_TOOLS.has(launched.base))) return route("build", label);
  // `python -m pip install …`, `python -m build`: a package build log, not a script's output.
  if (
    (base === "python" || base === "python3") &&
    ["pip", "build", "mypy"].includes(args[args.indexOf("-m") + 1] ?? "") &&
    args.includes("-m")
  )
    return route("build", label);
  // `cargo run` / `go run` print the program's own output after the build: that output is the answer, not a build log.
  if ((base === "cargo" || base === "go") && (sub === "run" || sub === "r")) return route("generic", label);
  if (base === "cargo") {
    if (["build", "check", "clippy", "rustc", "fix", "doc", "install", "b", "c"].includes(sub)) return route("build", label);
    return passthrough("cargo subcommand without a distiller", label);
  }
  if (JVM.has(base) || base === "flutter" || base === "dart") return route("build", label);
  if (readsAFile(program)) return { distiller: "readfile", collapse: null, label };
  if (FILTERING_TAILS.has(base)) return { distiller: "search", collapse: null, label };
  if (base === "docker" || base === "podman") {
    if (["ps", "images", "exec", "run", "inspect", "container", "image", "volume", "network"].includes(sub))
      return passthrough("listing or wrapper", label);
  }
  if (base === "kubectl" || base === "oc") {
    if (["exec", "run", "api-resources", "api-versions", "config", "attach", "port-forward", "cp"].includes(sub))
      return passthrough("listing or wrapper", label);
    if (sub === "get" || sub === "top") return { distiller: "cloud", collapse: null, label };
  }
  // helm's listings are tables like kubectl's: every row is an answer, never collapsed.
  if (base === "helm" && ["list", "ls", "status", "history"].includes(sub)) return { distiller: "cloud", collapse: null, label };
  if (base === "ssh" || (base === "az" && args.includes("invoke"))) return passthrough("remote wrapper", label);
  if (CLOUD.has(base)) return route("cloud", label);
  if (BUILD_TOOLS.has(base)) return route("build", label);
  // `npm run build` prints the bundler's log behind the package manager's banner: a build log.
  if (PACKAGE_MANAGERS.has(base) && sub === "run" && /^(?:build|compile|bundle)(?::|$)/.test(args[args.indexOf("run") + 1] ?? ""))
    return route("build", label);
  if (JSTS_TOOLS.has(base)) return route("jsts", label);
  if (base === "env" || base === "printenv") return { distiller: "system-ops", collapse: null, label };
  if (SYSTEM_OPS.has(base)) return route("system-ops", label);
  if (VERBATIM_PROGRAMS.has(base) || FILE_READERS.has(base) || base === "sed") return passthrough("enumeration or verbatim program", label);
  return route("generic", label);
}

function isViteDevServer(program: Program): boolean {
  return program.base === "vite" && !["build", "optimize", "preview"].some((sub) => program.args.includes(sub));
}

/** Which distiller handles the output of `command` (as run by a shell), or why none does. */
export function routeCommand(command: string): Route {
  const clean = stripExecWrapper(command);
  const { program, tail, mixed } = soleOutputProgram(clean);
  if (!program) {
    if (mixed) return { distiller: "generic", collapse: "generic", label: "chain" };
    return { distiller: "generic", collapse: "generic", label: "omni" };
  }
  const narrowed = narrowedByAgent(clean, program, tail);
  if (narrowed) return passthrough(narrowed, program.base);
  if (tail && FILTERING_TAILS.has(tail.base)) return { distiller: "search", collapse: null, label: program.base };
  return routeProgram(program);
}

/** Host tools that are not a shell: the tool itself decides the route. */
export function routeTool(tool: string, command: string): Route {
  switch (tool) {
    case "Read":
      return { distiller: "readfile", collapse: null, label: "Read" };
    case "Grep":
      return { distiller: "search", collapse: null, label: "Grep" };
    case "WebFetch":
      return { distiller: "generic", collapse: "log", label: "WebFetch" };
    default:
      return routeCommand(command);
  }
}

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
