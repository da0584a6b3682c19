import { describe, expect, test } from "bun:test";
import { autoApproves, execRewrite, isMutating, isRewritable, targetFiles } from "../../src/core/pre-tool-rules.ts";

describe("isRewritable", () => {
  test.each(["git log --oneline", "cargo test --all", "npm test", "pytest -q tests/", "node --test math.test.js", "make -j4", "go test ./...", 'git commit -m "fix a | b; c > d"', "docker build ."])("rewrites %p", (command) => {
    expect(isRewritable(command)).toBe(true);
  });

  test.each([
    ["env cargo test", "a leading env breaks the prefix on purpose"],
    ["true && make", "a leading true && breaks the prefix"],
    ["git log | head", "pipe"],
    ["git log > log.txt", "redirection"],
    ["npm test < input", "input redirection"],
    ["make; make install", "sequence"],
    ["npm test &", "background"],
    ["git log $(echo --oneline)", "command substitution"],
    ["ls -la", "not a known prefix"],
    ["gitk", "prefix needs the space"],
  ])("leaves %p alone (%s)", (command) => {
    expect(isRewritable(command)).toBe(false);
  });
});

describe("execRewrite", () => {
  test("wraps the original command after the absolute executable, agent and session", () => {
    expect(execRewrite("git log --oneline", "/opt/omni/bin/omni", "claude_code", "5835b262-aa")).toBe("/opt/omni/bin/omni exec --agent claude_code --session 5835b262-aa git log --oneline");
  });

  test("quotes an executable path and a session id that need it", () => {
    expect(execRewrite("make", "/Users/a b/omni", "claude_code", "s'1")).toBe(`'/Users/a b/omni' exec --agent claude_code --session 's'\\''1' make`);
  });

  test("omits the session when the host gave none", () => {
    expect(execRewrite("make", "/x/omni", "codex_cli", null)).toBe("/x/omni exec --agent codex_cli make");
  });
});

describe("hot-file guard rules", () => {
  test("finds the files a command names", () => {
    expect(targetFiles("rm -f src/main.ts && cp a.txt b.txt")).toEqual(["src/main.ts", "a.txt", "b.txt"]);
    expect(targetFiles("ls -la")).toEqual([]);
  });

  test.each(["rm src/main.ts", "git checkout src/main.ts", "sed -i s/a/b/ x.ts", "mv a.ts b.ts"])("sees %p as mutating", (command) => {
    expect(isMutating(command)).toBe(true);
  });

  test.each(["cat src/main.ts", "git diff src/main.ts", "grep rm notes.txt"])("sees %p as read-only", (command) => {
    expect(isMutating(command)).toBe(false);
  });
});

describe("autoApproves", () => {
  test.each(["cargo test --all", "npm test", "pytest -q", "make all", "node --test", "go test ./...", "git status", "git log -15", "kubectl get pods", "terraform plan"])("lets the rewrite of %p answer allow", (command) => {
    expect(autoApproves(command)).toBe(true);
  });

  test.each(["git push origin main", "git reset --hard", "kubectl delete pod web", "terraform apply", "docker rm -f web", "npm publish", "node scripts/deploy.js", "bash ./release.sh"])("leaves %p to the host's own permission prompt", (command) => {
    expect(autoApproves(command)).toBe(false);
  });
});

