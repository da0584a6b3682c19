/**
 * The command family stats group by (src/core/routing/family.ts), for every program whose first
 * bare argument names what ran, and what a command asks of omni itself
 * (src/core/routing/omni-requests.ts). Expected values are written out, never read from the sets.
 */
import { describe, expect, test } from "bun:test";
import { commandFamily, commandRequestsPassthrough, envRequestsPassthrough, isOwnRecoveryCommand } from "../../src/core/route.ts";

describe("commandFamily", () => {
  test.each([
    ["git", "status"],
    ["cargo", "build"],
    ["go", "vet"],
    ["npm", "install"],
    ["pnpm", "add"],
    ["yarn", "why"],
    ["bun", "install"],
    ["npx", "tsc"],
    ["bunx", "eslint"],
    ["deno", "fmt"],
    ["docker", "build"],
    ["podman", "pull"],
    ["kubectl", "describe"],
    ["helm", "upgrade"],
    ["terraform", "plan"],
    ["tofu", "apply"],
    ["gh", "pr"],
    ["glab", "mr"],
    ["make", "check"],
    ["dotnet", "build"],
    ["pip", "install"],
    ["pip3", "install"],
    ["uv", "sync"],
    ["poetry", "lock"],
    ["mvn", "package"],
    ["gradle", "assemble"],
    ["swift", "build"],
    ["aws", "s3"],
    ["gcloud", "compute"],
    ["az", "vm"],
  ])("`%s --flag %s x` is the family `%s %s`", (program, sub) => {
    expect(commandFamily(`${program} --verbose ${sub} x`)).toBe(`${program} ${sub}`);
  });
  test("a program with no subcommands is its own family", () => {
    expect(commandFamily("cat a.txt")).toBe("cat");
    expect(commandFamily("ls -la src")).toBe("ls");
  });
  test("an argument that is no subcommand name leaves the program alone", () => {
    expect(commandFamily("git ./path")).toBe("git");
    expect(commandFamily("make Foo")).toBe("make");
    expect(commandFamily("npm")).toBe("npm");
    expect(commandFamily("npm run test:unit")).toBe("npm run");
    expect(commandFamily("cargo build_all")).toBe("cargo build_all");
  });
  test("wrappers, builtins and omni's own rewrite are peeled; a chain or nothing is named so", () => {
    expect(commandFamily("cd src && timeout 60 git status -s")).toBe("git status");
    expect(commandFamily("git status && ls")).toBe("(chain)");
    expect(commandFamily("cd src")).toBe("(none)");
    expect(commandFamily("")).toBe("(none)");
  });
  test("a host tool that is not a shell is its own family", () => {
    expect(commandFamily("src/a.ts", "Read")).toBe("Read");
    expect(commandFamily("TODO", "Grep")).toBe("Grep");
    expect(commandFamily("git status -s", "Bash")).toBe("git status");
    expect(commandFamily("git status -s", null)).toBe("git status");
  });
});

describe("passthrough requests", () => {
  test.each(["1", "true", "yes", "on", "y", "TRUE", "Yes"])("`OMNI_PASSTHROUGH=%s cmd` asks for passthrough", (value) => {
    expect(commandRequestsPassthrough(`OMNI_PASSTHROUGH=${value} cargo test`)).toBe(true);
    expect(commandRequestsPassthrough(`omni_passthrough=${value} cargo test`)).toBe(true);
    expect(envRequestsPassthrough({ OMNI_PASSTHROUGH: value })).toBe(true);
    expect(envRequestsPassthrough({ omni_passthrough: ` ${value} ` })).toBe(true);
  });
  test.each(["0", "false", "no", "off", "n", ""])("`OMNI_PASSTHROUGH=%s` does not", (value) => {
    expect(commandRequestsPassthrough(`OMNI_PASSTHROUGH=${value} cargo test`)).toBe(false);
    expect(envRequestsPassthrough({ OMNI_PASSTHROUGH: value })).toBe(false);
  });
  test("only a leading assignment of the first segment counts, and only that name", () => {
    expect(commandRequestsPassthrough("A=1 OMNI_PASSTHROUGH=1 cargo test")).toBe(true);
    expect(commandRequestsPassthrough("cargo test OMNI_PASSTHROUGH=1")).toBe(false);
    expect(commandRequestsPassthrough("cd src && OMNI_PASSTHROUGH=1 cargo test")).toBe(false);
    expect(commandRequestsPassthrough("OMNI_PASSTHROUGHX=1 cargo test")).toBe(false);
    expect(commandRequestsPassthrough("")).toBe(false);
    expect(envRequestsPassthrough({ OMNI_PASSTHROUGH: undefined, OTHER: "1" })).toBe(false);
  });
});

describe("omni's own recovery commands", () => {
  test.each([
    ["omni retrieve 0123456789abcdef", true],
    ["/usr/local/bin/omni retrieve --json 0123456789abcdef", true],
    ["cd src && A=1 omni retrieve 0123456789abcdef", true],
    ["omni diff", false],
    ["omni", false],
    ["echo omni", false],
  ])("`%s` → %p", (command, expected) => {
    expect(isOwnRecoveryCommand(command)).toBe(expected);
  });
});
