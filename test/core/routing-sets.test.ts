/**
 * Every entry of the routing sets in src/core/route.ts and src/core/routing/{program,narrowing}.ts,
 * one real command each, with the route it must get written out here: a dropped entry changes the
 * route, so it goes red. The lists are typed out on purpose, never read from the sets under test.
 */
import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";

const route = (command: string) => {
  const { distiller, reason, label } = routeCommand(command);
  return { distiller, reason: reason ?? null, label };
};

describe("silent builtins are no producer: the one program after them is what the agent reads", () => {
  const BUILTINS = [
    "cd src",
    "pushd src",
    "popd",
    "export A=1",
    "set -e",
    "unset A",
    "source env.sh",
    ". env.sh",
    "true",
    ":",
    "alias ll=ls",
    "umask 022",
    "ulimit -n 4096",
    "shopt -s globstar",
    "trap 'exit' INT",
    "sleep 1",
    "mkdir -p out",
    "touch a.txt",
    "rm -f a.txt",
    "cp a b",
    "mv a b",
    "chmod +x run.sh",
    "wait",
  ];
  test.each(BUILTINS)("`%s && cargo test` is cargo's test run", (builtin) => {
    expect(route(`${builtin} && cargo test`)).toEqual({ distiller: "test", reason: null, label: "cargo" });
  });
  test("a segment that only sets a variable produces nothing", () => {
    expect(route("FOO=1; cargo test")).toEqual({ distiller: "test", reason: null, label: "cargo" });
    expect(route("FOO=1 && cd src && cargo test")).toEqual({ distiller: "test", reason: null, label: "cargo" });
  });
  test("two producers are a chain", () => {
    expect(route("ls && cargo test")).toEqual({ distiller: "generic", reason: null, label: "chain" });
  });
});

describe("a tail that reshapes the output hands it through", () => {
  const TAILS = [
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
  ];
  test.each(TAILS)("`cargo test | %s`", (tail) => {
    expect(route(`cargo test | ${tail}`)).toEqual({ distiller: null, reason: `reshaped by ${tail}`, label: "cargo" });
  });
  test("xargs fed by a pipe stands for the program it runs: the feeder's output is consumed", () => {
    expect(route("find src -name '*.php' -print0 | xargs -0 -n 1 php -l")).toEqual(route("php -l src/A.php"));
    expect(route("git ls-files | xargs -I{} cargo test {}")).toEqual({ distiller: "test", reason: null, label: "cargo" });
    expect(route("git ls-files | xargs -I {} cargo test {}")).toEqual({ distiller: "test", reason: null, label: "cargo" });
    expect(route("git ls-files | xargs --replace cargo test")).toEqual({ distiller: "test", reason: null, label: "cargo" });
    expect(route("git ls-files | xargs --max-args 1 cargo test")).toEqual({ distiller: "test", reason: null, label: "cargo" });
    expect(route("ls && find . | xargs cargo test")).toEqual({ distiller: "generic", reason: null, label: "chain" });
    expect(route("find . | xargs cargo test | head")).toEqual({ distiller: null, reason: "reshaped by head", label: "cargo" });
  });
  test("a tail no table names leaves the route: `cargo test | cat` is still the test run", () => {
    expect(route("cargo test | cat")).toEqual({ distiller: "test", reason: null, label: "cargo" });
  });
});

describe("a machine format the agent asked for is passed through", () => {
  const VALUES = [
    "tsv",
    "json",
    "jsonc",
    "yaml",
    "yml",
    "name",
    "jsonpath={.items}",
    "go-template={{.x}}",
    "custom-columns=N:.a",
    "csv",
    "wide",
  ];
  test.each(VALUES)("`kubectl get pods -o %s`", (value) => {
    expect(route(`kubectl get pods -o ${value}`)).toEqual({ distiller: null, reason: "machine-readable output", label: "kubectl" });
  });
  test.each([
    "kubectl get pods --output json",
    "kubectl get pods --output=JSON",
    "kubectl get pods -ojson",
    "docker ps --format json",
    "docker ps --format=json",
    "az vm list --out tsv",
    "az vm list --out=tsv",
    "gh pr list --jq .[].id",
    "gh pr list --jq=.[].id",
    "gh pr list --template x",
    "gh pr list --json number",
    "git status --porcelain",
    "git ls-files -z",
  ])("`%s`", (command) => {
    expect(route(command).reason).toBe("machine-readable output");
  });
  test("a human format is no machine format: `kubectl get pods -o human` is a cloud listing", () => {
    expect(route("kubectl get pods -o human")).toEqual({ distiller: "cloud", reason: null, label: "kubectl" });
  });
  test("output redirected to a file", () => {
    expect(route("cargo test > out.txt")).toEqual({ distiller: null, reason: "output redirected", label: "cargo" });
  });
});

describe("git", () => {
  const ENUMERATIONS = [
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
  ];
  test.each(ENUMERATIONS)("`git %s` is an enumeration", (sub) => {
    expect(route(`git ${sub} x`)).toEqual({ distiller: null, reason: "enumeration", label: "git" });
  });
  test.each(["clone", "fetch", "push"])("`git %s` is transfer progress, read as a log", (sub) => {
    expect(route(`git ${sub} origin`)).toEqual({ distiller: "generic", reason: null, label: "git" });
  });
  test.each(["--stat", "--numstat", "--shortstat", "--name-only", "--name-status", "--porcelain=v2"])("`git diff %s`", (flag) => {
    expect(route(`git diff ${flag}`)).toEqual({ distiller: null, reason: "file enumeration", label: "git" });
  });
  test.each(["--pretty=short", "--pretty=medium", "--pretty=full", "--pretty=fuller", "--pretty=oneline"])(
    "`git log %s` is git's own",
    (flag) => {
      expect(route(`git log ${flag}`)).toEqual({ distiller: "git", reason: null, label: "git" });
    },
  );
  test.each(["--pretty=%h", "--format=%s", "--pretty", "--format"])("`git log %s` is a custom format", (flag) => {
    expect(route(`git log ${flag}`)).toEqual({ distiller: null, reason: "custom format", label: "git" });
  });
});

describe("programs whose output is the answer, verbatim", () => {
  const VERBATIM = [
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
  ];
  test.each(VERBATIM)("`%s x`", (program) => {
    expect(route(`${program} x`)).toEqual({ distiller: null, reason: "enumeration or verbatim program", label: program });
  });
  test("a program no table names is a generic log", () => {
    expect(route("my-tool x")).toEqual({ distiller: "generic", reason: null, label: "my-tool" });
  });
});

describe("file readers", () => {
  test.each(["cat", "head", "tail", "bat", "less", "more", "nl"])("`%s f` reads a file; with no file it is verbatim", (program) => {
    expect(route(`${program} -n f.txt`)).toEqual({ distiller: "readfile", reason: null, label: program });
    expect(route(`${program} -n`)).toEqual({ distiller: null, reason: "enumeration or verbatim program", label: program });
  });
  test("`sed -n` prints lines of a file; `sed -i` edits in place; bare `sed` is verbatim", () => {
    expect(route("sed -n 1,80p f.txt")).toEqual({ distiller: "readfile", reason: null, label: "sed" });
    expect(route("sed -n -i s/a/b/ f.txt")).toEqual({ distiller: null, reason: "enumeration or verbatim program", label: "sed" });
    expect(route("sed -n -ibak s/a/b/ f.txt").distiller).toBeNull();
    expect(route("sed s/a/b/ f.txt").distiller).toBeNull();
  });
});

describe("subcommand tables of route.ts", () => {
  test.each(["build", "check", "clippy", "rustc", "fix", "doc", "install", "b", "c"])("`cargo %s` is a build", (sub) => {
    expect(route(`cargo ${sub}`)).toEqual({ distiller: "build", reason: null, label: "cargo" });
  });
  test.each(["run", "r"])("`cargo %s` and `go %s` print the program's own output", (sub) => {
    expect(route(`cargo ${sub}`).distiller).toBe("generic");
    expect(route(`go ${sub} .`).distiller).toBe("generic");
  });
  test.each(["ps", "images", "exec", "run", "inspect", "container", "image", "volume", "network"])("`docker %s`, `podman %s`", (sub) => {
    expect(route(`docker ${sub} x`)).toEqual({ distiller: null, reason: "listing or wrapper", label: "docker" });
    expect(route(`podman ${sub} x`)).toEqual({ distiller: null, reason: "listing or wrapper", label: "podman" });
  });
  test.each(["exec", "run", "api-resources", "api-versions", "config", "attach", "port-forward", "cp"])("`kubectl %s`, `oc %s`", (sub) => {
    expect(route(`kubectl ${sub} x`)).toEqual({ distiller: null, reason: "listing or wrapper", label: "kubectl" });
    expect(route(`oc ${sub} x`)).toEqual({ distiller: null, reason: "listing or wrapper", label: "oc" });
  });
  test.each(["get", "top"])("`kubectl %s` is a cloud listing, never collapsed", (sub) => {
    expect(routeCommand(`kubectl ${sub} pods`)).toMatchObject({ distiller: "cloud", collapse: null });
    expect(routeCommand(`oc ${sub} pods`)).toMatchObject({ distiller: "cloud", collapse: null });
  });
  test.each(["list", "ls", "status", "history"])("`helm %s` is a cloud listing, never collapsed", (sub) => {
    expect(routeCommand(`helm ${sub} x`)).toMatchObject({ distiller: "cloud", collapse: null });
  });
  test.each(["npm", "pnpm", "yarn"])("`%s audit` is a security report", (pm) => {
    expect(route(`${pm} audit`).distiller).toBe("security");
  });
  test.each(["npm", "pnpm", "yarn", "bun"])("`%s run build|compile|bundle` is a build log", (pm) => {
    for (const script of ["build", "compile", "bundle", "build:prod"]) expect(route(`${pm} run ${script}`).distiller).toBe("build");
    expect(route(`${pm} run lint`).distiller).not.toBe("build");
  });
  test("remote wrappers and the environment", () => {
    expect(route("ssh host uptime")).toEqual({ distiller: null, reason: "remote wrapper", label: "ssh" });
    expect(route("az vm run-command invoke -g g")).toEqual({ distiller: null, reason: "remote wrapper", label: "az" });
    expect(routeCommand("printenv")).toMatchObject({ distiller: "system-ops", collapse: null });
    expect(routeCommand("env")).toMatchObject({ distiller: "system-ops", collapse: null });
  });
  test("`python -m pip|build|mypy` is a package build log; `python -m http.server` is not", () => {
    for (const mod of ["pip install x", "build", "mypy src"]) expect(route(`python3 -m ${mod}`).distiller).toBe("build");
    expect(route("python -m pip install x").distiller).toBe("build");
    expect(route("python3 -m http.server").distiller).toBeNull();
    expect(route("python3 pip build").distiller).toBeNull();
  });
});
