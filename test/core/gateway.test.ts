import { describe, expect, test } from "bun:test";
import { decideRewrite, type GatewayRequest } from "../../src/core/gateway/decide.ts";
import { NO_RULES, verdictFor, type PermissionRules } from "../../src/core/gateway/permission-rules.ts";
import { hostMayAllowAsReadOnly, provenReadOnly } from "../../src/core/gateway/read-only.ts";
import { unwrapRewrite } from "../../src/core/gateway/rewrite-form.ts";
import { parseShellForm } from "../../src/core/gateway/shell-form.ts";
import { programLevels, routeCommand } from "../../src/core/route.ts";

const EXE = "/opt/omni/dist/omni";
/** `rules` as the user's settings hold them; the gateway reads them on demand. */
type Extra = Omit<Partial<GatewayRequest>, "rules"> & { rules?: PermissionRules | null };
const decide = (command: string, { rules = NO_RULES, ...extra }: Extra = {}) =>
  decideRewrite({
    command,
    runInBackground: false,
    permissionMode: "default",
    exe: EXE,
    scope: { agentId: "claude_code", sessionId: "s-1", subagentId: null },
    ...extra,
    rules: () => rules,
  });
const rewritten = (command: string, extra: Extra = {}) => {
  const decision = decide(command, extra);
  if (!decision.rewrite) throw new Error(`not rewritten (${decision.reason}): ${command}`);
  return decision;
};

describe("the gateway rewrites by routing, launchers and wrappers peeled", () => {
  test.each([
    "python3 -m pytest -q",
    "python3.12 -m pytest tests/",
    ".venv/bin/python -m pytest",
    "npx vitest run",
    "npx jest --ci",
    "pnpm test",
    "pnpm exec vitest run",
    "yarn test",
    "yarn jest",
    "bun test",
    "bunx vitest run",
    "uv run pytest",
    "poetry run pytest -x",
    "pipenv run pytest",
    "hatch run test",
    "bundle exec rspec",
    "rspec spec/models",
    "prove -l t/",
    "ctest --output-on-failure",
    "cmake --build build",
    "meson test -C build",
    "ninja -C build",
    "mvn -q test",
    "./mvnw verify",
    "./gradlew test",
    "vendor/bin/phpunit",
    "./node_modules/.bin/jest",
    "make",
    "make check",
    "cargo test 2>&1",
    "timeout 600 cargo test",
    "timeout -s KILL 10m cargo test",
    "time make -j4",
    "nice -n 10 make",
    "CI=1 npm test",
    "RUST_BACKTRACE=1 cargo test --all",
    "cd build && ctest",
    "cd build; ctest",
    "export CI=1 && npm test",
    "source .venv/bin/activate && pytest",
    "./run-tests.sh",
    "./build.sh --release",
    "bash scripts/test.sh",
    "tools/check-format.sh",
    "./configure --prefix=/usr",
    "./build/tests/test_basics",
    "node test/num.js",
    "perl -Ilib t/basic.t",
    "python3 tests/run_all.py",
    "go test ./...",
    "deno test",
    "tsc --noEmit",
    "npx tsc --noEmit",
    "eslint .",
    "python3 -m doctest toolz/itertoolz.py",
    "shellcheck scripts/*.sh",
    "cppcheck --enable=all src",
    "git push origin main",
    "docker build -t app .",
    "terraform plan",
  ])("rewrites %p", (command) => {
    expect(rewritten(command).command).toContain(`${EXE} exec --hooked`);
  });

  test.each([
    ["cargo test | tail -20", "pipe"],
    ["cargo test > out.log", "output redirect"],
    ["cargo test 2>/dev/null", "output redirect"],
    ["cargo test | tee log", "pipe"],
    ["ls | xargs cat", "pipe"],
    ["cargo test && cargo build", "chain"],
    ["make || true", "|| chain"],
    ['git status "$(touch X)"', "command substitution"],
    ['git log "`id`"', "command substitution"],
    ["diff <(ls a) <(ls b)", "process substitution"],
    ["cat <<EOF\nx\nEOF", "heredoc"],
    ["sudo make install", "sudo"],
    ["(cd build && make)", "subshell"],
    ["{ make; }", "command group"],
    ["make &", "background job"],
    ["npm run dev", "serves"],
    ["npm start", "serves"],
    ["pnpm dev", "serves"],
    ["yarn run watch", "serves"],
    ["npx vite", "vite serves"],
    ["jest --watch", "watch"],
    ["tsc -w", "watch"],
    ["kubectl logs -f web", "follows"],
    ["docker compose up", "compose up"],
    ["node", "REPL"],
    ["python3", "REPL"],
    ["psql mydb", "REPL"],
    ["node server.js", "no distiller"],
    ["ls -la", "enumeration"],
    ["cat README.md", "read, not shaped"],
    ["grep -rn foo src", "read, not shaped"],
    ["echo hi", "enumeration"],
    ["HOME=/tmp cargo test", "omni's own environment"],
    ["OMNI_PASSTHROUGH=1 cargo test", "OMNI_PASSTHROUGH"],
    ["omni retrieve 0123456789abcdef", "recovery"],
    ["./deploy.sh", "no distiller"],
    ["node scripts/release.js", "no distiller"],
    ["node -e 'console.log(1)'", "no distiller"],
    ["python3 ../other/tests/run.py", "verbatim"],
    ["bash -c 'npm test'", "bash -c"],
    ["sh -lc 'npm run dev'", "sh -c"],
  ])("leaves %p alone (%s)", (command, reason) => {
    const decision = decide(command);
    expect(decision.rewrite).toBe(false);
    if (!decision.rewrite) expect(decision.reason).toContain(reason);
  });

  test("leaves a background call, a plan-mode call and an unknown permission mode alone", () => {
    expect(decide("cargo test", { runInBackground: true }).rewrite).toBe(false);
    expect(decide("cargo test", { permissionMode: "plan" }).rewrite).toBe(false);
    expect(decide("cargo test", { permissionMode: "auto" }).rewrite).toBe(false);
    expect(decide("cargo test", { permissionMode: "bypassPermissions" }).rewrite).toBe(true);
    expect(decide("cargo test", { permissionMode: null }).rewrite).toBe(true);
  });

  test("keeps leading assignments and builtins in the host's shell and wraps only the last command", () => {
    expect(rewritten("cd build && CI=1 ctest -j2 2>&1").command).toBe(
      `cd build && CI=1 ${EXE} exec --hooked --agent claude_code --session s-1 -- ctest -j2 2>&1`,
    );
    expect(rewritten("time make").command).toBe(`time ${EXE} exec --hooked --agent claude_code --session s-1 -- make`);
    expect(rewritten("npm test -- -t 'adds two'").command).toEndWith(` -- npm test -- -t 'adds two'`);
  });

  test("carries the reader's scope in single quotes the shell cannot misread", () => {
    const command = rewritten("npm test", {
      exe: "/Users/a b/omni",
      scope: { agentId: "claude_code", sessionId: "s'1 $(x)", subagentId: "sub;2" },
    }).command;
    expect(command).toBe(`'/Users/a b/omni' exec --hooked --agent claude_code --session 's'\\''1 $(x)' --subagent 'sub;2' -- npm test`);
    expect(unwrapRewrite(command)).toBe("npm test");
  });

  test("unwraps every rewrite back to the command as typed", () => {
    for (const command of ["cd build && CI=1 ctest 2>&1", "time make", "FOO='a b' cargo test", "npm test"]) {
      expect(unwrapRewrite(rewritten(command).command)).toBe(command);
    }
    expect(unwrapRewrite("/x/omni exec --agent claude_code --session s git log")).toBe("git log");
    expect(unwrapRewrite("echo omni exec")).toBe("echo omni exec");
  });
});

describe("the user's permission rules, matched as the host matches them", () => {
  const rules = (partial: Partial<PermissionRules>): PermissionRules => ({ ...NO_RULES, ...partial });

  test.each([
    ["git push", ["Bash(git push:*)"], "deny"],
    ["git push origin main", ["Bash(git push:*)"], "deny"],
    ["git pushx", ["Bash(git push:*)"], "none"],
    ["timeout 60 git push", ["Bash(git push:*)"], "deny"],
    ["FOO=1 git push", ["Bash(git push:*)"], "deny"],
    ["cd x && git push", ["Bash(git push:*)"], "deny"],
    ["/usr/bin/git push", ["Bash(git push:*)"], "deny"],
    ["git push --force", ["Bash(git push *)"], "deny"],
    ["git push", ["Bash(git push *)"], "deny"],
    ["rm -rf /", ["Bash"], "deny"],
    ["npm test", ["Bash(npm test)"], "deny"],
  ])("%p under deny %p is %p", (command, deny, verdict) => {
    expect(verdictFor(command, rules({ deny }))).toBe(verdict as never);
  });

  test("judges deny before ask before allow", () => {
    const all = rules({ deny: ["Bash(git push:*)"], ask: ["Bash(git:*)"], allow: ["Bash"] });
    expect(verdictFor("git push", all)).toBe("deny");
    expect(verdictFor("git tag v1", all)).toBe("ask");
    expect(verdictFor("make", all)).toBe("allow");
  });

  test("grants allow only to the command as typed, every part of it", () => {
    const allow = rules({ allow: ["Bash(npm test:*)", "Bash(cd:*)"] });
    expect(verdictFor("npm test", allow)).toBe("allow");
    expect(verdictFor("npm test -- -t x", allow)).toBe("allow");
    expect(verdictFor("cd web && npm test", allow)).toBe("allow");
    expect(verdictFor("CI=1 npm test", allow)).toBe("partial");
    expect(verdictFor("timeout 9 npm test", allow)).toBe("partial");
    expect(verdictFor("npm run build", allow)).toBe("none");
  });

  test("never rewrites what a deny or ask rule names, and answers allow for what an allow rule names", () => {
    expect(decide("git push origin main", { rules: rules({ deny: ["Bash(git push:*)"] }) }).rewrite).toBe(false);
    expect(decide("git tag v9.9.9", { rules: rules({ ask: ["Bash(git tag:*)"] }) }).rewrite).toBe(false);
    expect(rewritten("npm test", { rules: rules({ allow: ["Bash(npm test:*)"] }) }).permission).toBe("allow");
    expect(rewritten("npm test").permission).toBe("host");
    expect(decide("CI=1 npm test", { rules: rules({ allow: ["Bash(npm test:*)"] }) }).rewrite).toBe(false);
    expect(decide("npm test", { rules: null }).rewrite).toBe(false);
  });

  test("reads the user's rules only for a command otherwise worth rewriting", () => {
    let reads = 0;
    const counted = (command: string) =>
      decideRewrite({
        command,
        runInBackground: false,
        permissionMode: "default",
        exe: EXE,
        scope: { agentId: "claude_code", sessionId: null, subagentId: null },
        rules: () => (reads++, NO_RULES),
      });
    for (const command of ["cargo test | tail", "ls -la", "npm run dev", "cat README.md"]) expect(counted(command).rewrite).toBe(false);
    expect(reads).toBe(0);
    expect(counted("cargo test").rewrite).toBe(true);
    expect(reads).toBe(1);
  });

  test("leaves a rewrite alone when a rule would match the rewritten text but not the command", () => {
    expect(decide("npm test", { rules: rules({ ask: ["Bash(* -- *)"] }) }).rewrite).toBe(false);
  });
});

describe("commands the host waves through as read-only", () => {
  const level = (command: string) => programLevels(command)[0]!;

  test.each([
    "git status",
    "git status -s",
    "git log --oneline -20",
    "git log -n 5 main",
    "git diff --cached",
    "git diff HEAD~1 -- src/app.ts",
    "git show HEAD~2",
  ])("proves %p read-only and answers allow", (command) => {
    expect(hostMayAllowAsReadOnly(level(command))).toBe(true);
    expect(provenReadOnly(level(command), command)).toBe(true);
    expect(rewritten(command).permission).toBe("allow");
  });

  // The cases: each runs or writes more than its program name says.
  test.each([
    'git status "$(touch X)"',
    'git log "`id`"',
    "git log --output=F",
    "git diff --output=F",
    "git grep -O'cmd' foo",
    "git blame --contents=/etc/shadow x",
    "git -C /elsewhere log",
    "git -c core.pager=evil log",
    "git diff --no-index /etc/shadow /dev/null",
    "git diff --ext-diff",
    "git log -- '*.ts'",
    "git log $REV",
    "FOO=1 git status",
    "cd sub && git status",
    "git log -p --textconv",
  ])("never answers allow for %p", (command) => {
    const decision = decide(command);
    expect(decision.rewrite && decision.permission === "allow").toBe(false);
  });

  test.each(["make deploy", "make install", "make clean", "make release", "go generate ./..."])(
    "leaves %p to the host's own prompt",
    (command) => {
      const decision = decide(command);
      expect(decision.rewrite && decision.permission === "allow").toBe(false);
    },
  );
});

describe("the shell form", () => {
  test("keeps the final command's text exactly as typed", () => {
    const result = parseShellForm(`cd "my dir" && FOO="a b" pytest -k 'not slow' 2>&1`);
    expect(result).toEqual({
      form: {
        prefix: `cd "my dir" && `,
        assignments: `FOO="a b" `,
        timeKeyword: "",
        body: `pytest -k 'not slow' 2>&1`,
        words: ["pytest", "-k", "not slow"],
        assigned: ["FOO"],
      },
    });
  });

  test("routes a launcher's program: bundle exec rspec is a test run", () => {
    expect(routeCommand("bundle exec rspec").distiller).toBe("test");
    expect(routeCommand("timeout -k 5 60 python3.11 -m pytest").distiller).toBe("test");
    expect(routeCommand("nice -n 5 cargo test").distiller).toBe("test");
  });
});
