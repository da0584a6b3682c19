/**
 * The gateway's tables, one real command per entry: a server, watcher or REPL is never rewritten;
 * a project's own check script is; a read-only spelling is proven only with its listed flags.
 */
import { expect, test } from "bun:test";
import { decideRewrite } from "../../src/core/gateway/decide.ts";
import { longRunningReason } from "../../src/core/gateway/long-running.ts";
import { isProjectScript } from "../../src/core/gateway/project-script.ts";
import { NO_RULES, verdictFor } from "../../src/core/gateway/permission-rules.ts";
import { hostMayAllowAsReadOnly, provenReadOnly } from "../../src/core/gateway/read-only.ts";
import { parseShellForm } from "../../src/core/gateway/shell-form.ts";
import { programLevels } from "../../src/core/route.ts";

const reason = (command: string) => longRunningReason(programLevels(command));

test.each([
  ["bacon clippy", "bacon serves"],
  ["reflex -r '\\.go$' make", "reflex serves"],
  ["air", "air serves"],
  ["uvicorn app:app", "uvicorn serves"],
  ["npx serve dist", "serve serves"],
  ["npm run dev:server", "npm run dev:server serves"],
  ["npm run build:watch", "npm run build:watch serves"],
  ["npm run watch-css", "npm run watch-css serves"],
  ["pnpm run serve", "pnpm run serve serves"],
  ["bun repl", "REPL"],
  ["npm serve", "npm serve serves"],
  ["ng s", "ng s does not end by itself"],
  ["rails c", "rails c does not end by itself"],
  ["webpack-cli serve", "webpack-cli serve does not end by itself"],
  ["mvn spring-boot:run", "mvn spring-boot:run does not end by itself"],
  ["mvn exec:java", "mvn exec:java does not end by itself"],
  ["mvn tomcat7:run", "mvn tomcat7:run does not end by itself"],
  ["./mvnw exec:java", "mvnw exec:java does not end by itself"],
  ["kubectl port-forward svc/web 8080:80", "kubectl port-forward does not end by itself"],
  ["webpack serve", "webpack serve does not end by itself"],
  ["docker-compose up", "compose up stays attached"],
  ["journalctl -u web -f", "follows a log"],
  ["kubectl get pods -w", "watches"],
  ["deno", "REPL"],
])("%p never ends by itself: %p", (command, why) => {
  expect(reason(command)).toBe(why);
});

test.each([
  "npm run build",
  "npm test",
  "pnpm run lint",
  "npm run watchdog-report",
  "mvn package",
  "./mvnw verify",
  "docker run -d nginx",
  "docker compose up -d",
  "docker-compose up --detach",
  "kubectl get pods",
  "cargo test",
  "node build.js",
  "python3 -m pytest",
  "bun test",
  "tail -n 20 log.txt",
])("%p ends by itself", (command) => {
  expect(reason(command)).toBeNull();
});

test.each([
  "./run-tests.sh",
  "./verify.sh",
  "scripts/lint",
  "./configure --prefix=/usr",
  "dash test/run.sh",
  "deno tests/smoke.ts",
  "python3 scripts/check.py",
  "bash ci/build.sh",
  "perl t/basic.t",
  "sh spec/helper.sh",
])("%p is a project script", (command) => {
  expect(isProjectScript(command.split(" "))).toBe(true);
});

test.each([
  "./deploy.sh",
  "/usr/local/bin/run-tests.sh",
  "../tests/run.sh",
  "bash -c ./test.sh",
  "python3 -e tests/x.py",
  "perl -E t/basic.t",
  "node -p tests/x.js",
  "node --print tests/x.js",
  "node server.js",
  "bash",
  "dash deploy.sh",
  "python3 ~/tests/x.py",
])("%p is not a project script", (command) => {
  expect(isProjectScript(command.split(" "))).toBe(false);
});

const level = (command: string) => programLevels(command)[0]!;

test.each([
  "git annotate a.ts",
  "git merge-base main HEAD",
  "git for-each-ref",
  "git count-objects",
  "docker images",
  "docker history web",
  "podman images",
])("the host may wave %p through as read-only", (command) => {
  expect(hostMayAllowAsReadOnly(level(command))).toBe(true);
});

test.each(["git push", "git commit -m x", "docker run web", "podman run web", "cargo test"])("the host asks before %p", (command) => {
  expect(hostMayAllowAsReadOnly(level(command))).toBe(false);
});

test.each([
  "git log --pretty=full",
  "git log --abbrev-commit -3",
  "git log --decorate=full",
  "git show --abbrev-commit HEAD",
  "git show --format=full HEAD",
  "git diff --word-diff=color",
  "docker images --digests",
  "docker ps -a",
  "docker images -q",
  "git shortlog -s -n",
  "git log --format=full --since=2.weeks --until=yesterday --before=2026-01-01 --date-order --no-color",
  "git diff -U5 --color=never",
  "git show -s --color=never HEAD",
])("omni proves %p reads only", (command) => {
  expect(provenReadOnly(level(command), command)).toBe(true);
});

test.each(["git log --output=x.txt", "git log --pretty=format:%H", "git show --ext-diff", "docker images --filter x", "git stash"])(
  "omni does not prove %p",
  (command) => {
    expect(provenReadOnly(level(command), command)).toBe(false);
  },
);

const decide = (command: string) =>
  decideRewrite({
    command,
    runInBackground: false,
    permissionMode: "default",
    exe: "/opt/omni/dist/omni",
    scope: { agentId: "claude_code", sessionId: "s-1", subagentId: null },
    rules: () => NO_RULES,
  });

test.each(["pacman -Syu", "apk add curl", "apt-get install -y git"])("%p is an install log omni shapes", (command) => {
  expect(decide(command).rewrite).toBe(true);
});

test.each(["pkexec make install", "run0 make install", "doas make install"])(
  "%p runs with another user's privileges: as typed",
  (command) => {
    expect(decide(command)).toEqual({ rewrite: false, reason: `${command.split(" ")[0]}: another user's privileges` });
  },
);

test("a command already rewritten is not rewritten again", () => {
  const once = decide("cargo test");
  if (!once.rewrite) throw new Error(once.reason);
  expect(decide(once.command)).toEqual({ rewrite: false, reason: "already through omni" });
});

test.each([
  ["fi", "fi is shell syntax or a builtin"],
  ["bg %1", "bg is shell syntax or a builtin"],
  ["cat 'oops", "unbalanced quote"],
  ["make # build", "comment"],
])("%p is not a command omni can rewrite: %p", (command, refused) => {
  expect(parseShellForm(command)).toEqual({ refused });
});

const denyPush = { ...NO_RULES, deny: ["Bash(git push:*)"] };

test.each(["watch -n 5 git push", "/usr/bin/git push origin", "timeout 60 /usr/bin/git push"])(
  "a deny rule on git push holds for %p",
  (command) => {
    expect(verdictFor(command, denyPush)).toBe("deny");
  },
);
