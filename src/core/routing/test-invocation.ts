/**
 * Whether a command runs tests: a test runner by name (the test distiller's `programs`), one a
 * launcher starts, or a build tool's test spelling (`go test`, `make check`, `npm run test:unit`).
 */
import { basename } from "../../base/shell-words.ts";
import { programOwner } from "../../distillers/index.ts";
import { launchedProgram, PACKAGE_MANAGERS, PACKAGE_RUNNERS, PYTHON_ENV_RUNNERS } from "./launchers.ts";
import type { Program } from "./program.ts";

/**
 * JVM build tools: a test word in any argument makes the run a test run (`gradle :app:testDebug`),
 * and otherwise src/core/route.ts sends them, with Flutter and Dart, to the build distiller.
 */
export const JVM = new Set(["java", "javac", "mvn", "mvnw", "gradle", "gradlew", "kotlin", "kotlinc", "sbt"]);

/** A package script named for the project's tests: `test`, `test:unit`, `tests-only`, `unit`, `e2e`, `spec:ci`. */
const TEST_SCRIPT = /^tests?(?:[:-]|$)|^(?:unit|e2e|spec)(?::|$)/;

/**
 * A test file run by its interpreter (`python3 tests/test_api.py`, `ruby -Itest test/markup_test.rb`):
 * unittest and minitest print their report whoever starts them. Named for its tests, or for ruby
 * any file under `test/` (minitest's layout); `python3 tests/run.py` may be anything.
 */
const TEST_FILE = /^(?!-)(?:[\w.-]*\/)*(?:test_[\w-]*|[\w-]+_(?:test|spec))\.(?:rb|py)$/;
/**
 * A project's own test script (`python3 test/test.py -v`, `python3 mpmath/tests/runtests.py`): a
 * script in the project's test folder, or one named for running its tests. Not outside the project.
 */
const PYTHON_TEST_SCRIPT = /^(?!-|\.\.\/|\/|~)(?:(?:[\w.-]+\/)*tests?\/[\w.-]+|(?:[\w.-]+\/)*(?:run_?tests?|tests?|runtests))\.py$/;
const PERL_TEST_FILE = /^(?!-)[\w./*-]+\.t$/;
const RUBY_TEST_FILE = /^(?!-)(?:[\w.-]*\/)*(?:test|spec)\/[\w/.-]+\.rb$/;

/** Test runners run as `python -m …`: their report is a test report. */
const PYTHON_TEST_MODULES = new Set([
  "pytest",
  "unittest",
  "tox",
  "nose2",
  "doctest",
  "testtools.run",
  "twisted.trial",
  "zope.testrunner",
  "green",
  "subunit.run",
]);
/** A module of the project's tests run as `python -m`: `numexpr.tests.test_numexpr`, `tests.run_all`, `mypkg.test`. */
const PYTHON_TEST_MODULE = /(?:^|\.)(?:tests?|test_\w+|\w+_tests?)(?:\.|$)/;

/** A package manager's options that pick the workspace or directory, with their values: `pnpm --filter api`, `npm -w pkg`. */
const WORKSPACE_VALUED = /^(?:--filter|-F|-C|--dir|--prefix|-w|--workspace|--cwd)$/;
const WORKSPACE_FLAG = /^(?:--filter=.*|--workspace=.*|--prefix=.*|--cwd=.*|--dir=.*|-r|--recursive|--workspaces|-ws|--if-present)$/;

/**
 * The words a package manager reads as its command once the workspace selection is set aside:
 * `pnpm --filter api test` → `test`, `yarn workspace api test` → `test`. The same array when none.
 */
function withoutWorkspaceSelection(args: string[]): string[] {
  if (args[0] === "workspace" && args.length > 2) return args.slice(2);
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (WORKSPACE_VALUED.test(args[i]!) && i + 1 < args.length) i++;
    else if (!WORKSPACE_FLAG.test(args[i]!)) kept.push(args[i]!);
  }
  return kept.length === args.length ? args : kept;
}

export function hasWord(args: string[], ...words: string[]): boolean {
  return args.some((arg) => words.includes(arg));
}

export function isTestInvocation(program: Program): boolean {
  const { base, args } = program;
  if (programOwner(base) === "test") return true;
  const launched = launchedProgram(program);
  if (launched && isTestInvocation(launched)) return true;
  const first = args.find((arg) => !arg.startsWith("-"));
  if (base === "node" || base === "deno") return hasWord(args, "--test", "test");
  if (base === "python" || base === "python3") {
    const module = args[args.indexOf("-m") + 1];
    if (args.includes("-m")) return module !== undefined && (PYTHON_TEST_MODULES.has(module) || PYTHON_TEST_MODULE.test(module));
    if (args.some((arg) => basename(arg) === "setup.py")) return hasWord(args, "test", "pytest", "nosetests");
    return args.some((arg) => TEST_FILE.test(arg) || PYTHON_TEST_SCRIPT.test(arg));
  }
  if (base === "ruby") return args.some((arg) => TEST_FILE.test(arg) || RUBY_TEST_FILE.test(arg));
  // `perl -Ilib t/basic.t`: a Test::More file prints TAP whoever runs it.
  if (base === "perl") return args.some((arg) => PERL_TEST_FILE.test(arg));
  // `hatch run test`, `poetry run test`: a script of the project's environment named for its tests.
  if (
    PYTHON_ENV_RUNNERS.has(base) &&
    first === "run" &&
    /^(?:test|tests|unit|cov|coverage)(?::|$)/.test(args[args.indexOf("run") + 1] ?? "")
  )
    return true;
  if (PACKAGE_MANAGERS.has(base)) {
    const own = withoutWorkspaceSelection(args);
    if (own !== args) return isTestInvocation({ ...program, args: own });
    if (first === "test" || first === "t" || (base === "bun" && hasWord(args, "--test"))) return true;
    // yarn, pnpm and bun run a script named as their first word too (`pnpm test:unit`, `yarn e2e`).
    const script = first === "run" ? (args[args.indexOf("run") + 1] ?? "") : base === "npm" ? "" : (first ?? "");
    return TEST_SCRIPT.test(script);
  }
  if (PACKAGE_RUNNERS.has(base)) return first !== undefined && programOwner(basename(first)) === "test";
  if (base === "go" || base === "cargo" || base === "dotnet" || base === "swift" || base === "mix" || base === "zig")
    return hasWord(args, "test", "nextest", "bench");
  // A compiler's arguments name test folders (`javac -d target/test-classes`) without running a test.
  if (base === "javac" || base === "kotlinc") return false;
  if (JVM.has(base) || base === "flutter" || base === "dart") return args.some((arg) => arg.toLowerCase().includes("test"));
  if (base === "make" || base === "ctest" || base === "ninja") return hasWord(args, "test", "check", "tests");
  if (base === "meson") return args[0] === "test";
  if (base === "rake" || base === "rails" || base === "composer" || base === "lein" || base === "stack" || base === "cabal")
    return hasWord(args, "test", "spec");
  // rebar3's test tasks: `rebar3 eunit`, `rebar3 ct`, `rebar3 proper`.
  if (base === "rebar3") return hasWord(args, "eunit", "ct", "proper");
  return false;
}
