/**
 * Programs that run another program: package runners (`npx tsc`, `pnpm exec vitest`), package
 * managers' own spellings (`yarn jest`), Python environments (`uv run pytest`), `bundle exec`,
 * `deno run npm:…`. The program they launch is what routing reads.
 */
import { programOwner } from "../../distillers/index.ts";
import { programBase, soleOutputProgram, type Program } from "./program.ts";

export const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
/** `npx tsc`, `pnpm exec vitest`, `uv run pytest`: the word after these runs as the program. */
export const PACKAGE_RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const RUNNER_SUBCOMMANDS = new Set(["exec", "dlx", "x"]);
export const PYTHON_ENV_RUNNERS = new Set(["uv", "poetry", "pipenv", "pdm", "hatch"]);
/**
 * Build tools a package runner may launch (`npx tsc`, `yarn webpack`): their output is a build log.
 * A launcher fact, not the build distiller's programs: `yarn webpack-cli` is a build, while a bare
 * `webpack-cli` is not routed by name.
 */
export const JS_BUILD_TOOLS = new Set(["tsc", "webpack", "webpack-cli", "rollup", "esbuild", "vite", "parcel", "swc", "babel"]);

/**
 * The program a package or environment runner launches: `npx vitest run` → vitest,
 * `pnpm exec jest` → jest, `yarn tsc` → tsc, `uv run pytest` → pytest. Null when it runs a script.
 */
export function launchedProgram(program: Program): Program | null {
  const { base, args } = program;
  let rest: string[] | null = null;
  if (PACKAGE_RUNNERS.has(base)) rest = args.filter((arg) => !arg.startsWith("-"));
  else if (PACKAGE_MANAGERS.has(base) && args[0] !== undefined && RUNNER_SUBCOMMANDS.has(args[0])) rest = args.slice(1);
  else if (
    (base === "yarn" || base === "pnpm") &&
    args[0] !== undefined &&
    (programOwner(args[0]) === "test" || JS_BUILD_TOOLS.has(args[0]))
  )
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
  else if (base === "coverage" && args[0] === "run") rest = coverageTarget(args.slice(1));
  else if (isPython(base) && args[args.indexOf("-m") + 1] === "coverage" && args[args.indexOf("-m") + 2] === "run")
    rest = coverageTarget(args.slice(args.indexOf("-m") + 3));
  else if (INTERPRETERS.has(base) && isInstalledTool(args.find((arg) => !arg.startsWith("-"))))
    rest = args.slice(args.findIndex((arg) => !arg.startsWith("-")));
  const first = rest?.find((arg) => !arg.startsWith("-"));
  if (!rest || first === undefined) return null;
  return {
    base: programBase(first).replace(/\.(?:c?js|mjs|php|rb|pl)$/, ""),
    args: rest.slice(rest.indexOf(first) + 1),
    segment: program.segment,
  };
}

/** Interpreters that may be handed an installed tool's script: `php vendor/bin/phpunit`, `node node_modules/.bin/jest`. */
const INTERPRETERS = new Set(["node", "php", "ruby", "perl", "python", "python3"]);
/** A path into a place tools are installed (`vendor/bin/`, `node_modules/`, `/usr/bin/`), naming a tool that has a distiller. */
const INSTALLED_TOOL = /(?:^|\/)(?:bin|\.bin|node_modules|vendor)\//;

function isInstalledTool(path: string | undefined): boolean {
  if (path === undefined || !INSTALLED_TOOL.test(path)) return false;
  return programOwner(programBase(path).replace(/\.(?:c?js|mjs|php|py|rb|pl)$/, "")) !== null;
}

function isPython(base: string): boolean {
  return /^python(?:3(?:\.\d+)?)?$/.test(base);
}

/**
 * What `coverage run [options] -m MODULE …` or `coverage run [options] SCRIPT …` runs, as Python
 * would run it: `python3 -m MODULE …` or `python3 SCRIPT …`, so the interpreter's own reading
 * (a test module, a test file) applies. Options take their values with `=`.
 */
function coverageTarget(args: string[]): string[] {
  const at = args.findIndex((arg) => !arg.startsWith("-") || arg === "-m");
  if (at === -1) return [];
  return ["python3", ...args.slice(at)];
}

/**
 * The module `python -m MODULE …` runs, as a program: `python3 -m pylint mako` → pylint,
 * `python3 -m numexpr.tests.test_numexpr` → that module. Null without `-m`. Routing reads it (a
 * linter's report is a linter's report whoever starts it); the gateway's levels do not, since the
 * interpreter is what runs.
 */
export function pythonModule(program: Program): Program | null {
  const { base, args } = program;
  if (!isPython(base)) return null;
  const at = args.indexOf("-m");
  const module = args[at + 1];
  if (at === -1 || module === undefined || module.startsWith("-")) return null;
  return { base: module, args: args.slice(at + 2), segment: program.segment };
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
