/**
 * The gateway never changes what runs. Every Bash command of the corpus sessions, and every shell
 * form agents type, goes through the real pre-hook; each rewrite then runs beside the original in
 * bash, over shim programs that print their argv, environment and working directory to stdout and
 * stderr and exit with a code of their own. Output, exit code and the shell's final working
 * directory must be identical. Each command left alone is listed with the gateway's reason.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusBashCommands } from "../helpers/corpus.ts";
import { OMNI_EXE, makeSandbox, runOmni } from "../helpers/sandbox.ts";
import { programLevels } from "../../src/core/route.ts";
import { parseShellForm } from "../../src/core/gateway/shell-form.ts";

/** The forms the gateway issue names, and their near misses. */
export const SHELL_FORMS = [
  "python3 -m pytest -q",
  "python3.11 -m pytest tests",
  ".venv/bin/python -m pytest -x",
  "npx vitest run",
  "npx jest --ci",
  "pnpm test",
  "pnpm exec vitest run",
  "yarn test",
  "yarn jest",
  "bun test",
  "bunx vitest run",
  "uv run pytest",
  "poetry run pytest",
  "pipenv run pytest",
  "hatch run test",
  "bundle exec rspec",
  "rspec spec",
  "prove -l t",
  "ctest --output-on-failure",
  "cmake --build build",
  "meson test -C build",
  "ninja -C build",
  "mvn -q test",
  "./mvnw test",
  "./gradlew test",
  "vendor/bin/phpunit",
  "./node_modules/.bin/jest",
  "phpunit",
  "make",
  "make check",
  "make -j2 all",
  "cd build && ctest",
  "cd build; ctest",
  "cd build && make test 2>&1",
  "CI=1 npm test",
  "CI=1 FORCE_COLOR=0 npm test",
  "RUST_BACKTRACE=1 cargo test",
  "cargo test 2>&1",
  "timeout 600 cargo test",
  "timeout -s KILL 30 cargo test",
  "timeout --preserve-status 20 make",
  "time make",
  "time -p make check",
  "nice -n 5 make",
  "nice make",
  "env CI=1 npm test",
  "export CI=1 && npm test",
  "export CI=1; npm test",
  "source .venv/bin/activate && pytest",
  ". .venv/bin/activate && python3 -m pytest",
  "cd sub && cd .. && make",
  "./run-tests.sh",
  "./build.sh",
  "bash scripts/test.sh",
  "sh ./run-tests.sh",
  "tools/check-format.sh",
  "./configure",
  "go test ./...",
  "go vet ./...",
  "deno test",
  "tsc --noEmit",
  "npx tsc --noEmit",
  "eslint .",
  "npm run lint",
  "npm run build",
  "git status",
  "git log --oneline -5",
  "git diff --cached",
  "git push origin main",
  "git commit -m 'fix: x'",
  "FOO='a b' cargo test",
  "cargo test -- --nocapture",
  "npm test -- -t 'adds two'",
  'pytest -k "not slow"',
  "pytest 'tests/test a.py'",
  "make CFLAGS=-O2",
  'git status "$(touch X)"',
  'git log "`id`"',
  "git log --output=F",
  "git diff --output=F",
  "cargo test | tail -5",
  "cargo test > log.txt",
  "cargo test 2>/dev/null",
  "cargo test | tee log",
  "make && make install",
  "make || true",
  "npm run dev",
  "npm start",
  "node server.js",
  "kubectl logs -f web",
  "docker compose up",
  "sudo make install",
  "python3",
  "npm test &",
  "(cd build && make)",
  "cat <<EOF\nhi\nEOF",
  "HOME=/tmp cargo test",
  "OMNI_PASSTHROUGH=1 cargo test",
];

const sandbox = makeSandbox();
afterAll(() => sandbox.cleanup());
const project = join(sandbox.home, "proj");
const shims = join(sandbox.home, "shims");
mkdirSync(join(project, "build"), { recursive: true });
mkdirSync(join(project, "sub"), { recursive: true });
mkdirSync(shims, { recursive: true });
mkdirSync(join(project, ".venv", "bin"), { recursive: true });
writeFileSync(join(project, ".venv", "bin", "activate"), "export VIRTUAL_ENV=1\n");

/** argv, cwd and environment on stdout, one line on stderr, an exit code that depends on the arguments. */
const SHIM = `#!/bin/sh
printf 'prog: %s\\n' "$(basename "$0")"
for a in "$@"; do printf 'arg: [%s]\\n' "$a"; done
printf 'cwd: %s\\n' "$PWD"
env | LC_ALL=C sort | grep -v -E '^(_|SHLVL|OLDPWD)=' | sed 's/^/env: /'
echo "stderr of $(basename "$0")" >&2
exit $(( $# % 3 ))
`;

function shim(path: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, SHIM);
  chmodSync(path, 0o755);
}

/** A shim for every program a rewritten command can reach, on PATH or at its path in the project. */
function shimPrograms(command: string): void {
  const parsed = parseShellForm(command);
  if ("refused" in parsed) return;
  const names = new Set<string>([parsed.form.words[0]!, ...programLevels(parsed.form.body).map((level) => level.base)]);
  for (const word of parsed.form.words.slice(1)) if (/\.sh$/.test(word)) names.add(word);
  for (const name of names) {
    if (["timeout", "time", "nice", "env"].includes(name)) continue;
    shim(name.includes("/") ? join(project, name) : join(shims, name));
  }
}

const env = { ...sandbox.env, PATH: `${shims}:${process.env.PATH}`, FOO: "outer", CI: "", OMNI_HOOK_DEADLINE_MS: "30000" };

function rewriteOf(command: string): { command: string; permission?: string } | null {
  const payload = { session_id: "sem-1", cwd: project, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } };
  const text = runOmni(["--pre-hook"], { env, stdin: JSON.stringify(payload), cwd: project })
    .stdout.toString()
    .trim();
  if (text === "") return null;
  const output = JSON.parse(text).hookSpecificOutput;
  // The hot-file guard's note is no rewrite.
  if (output.updatedInput === undefined) return null;
  return { command: output.updatedInput.command, permission: output.permissionDecision };
}

function runInBash(command: string, extraEnv: Record<string, string>): { output: string; exit: string; cwd: string } {
  const script = `eval "$1"; s=$?; printf '\\n__EXIT=%s\\n__CWD=%s\\n' "$s" "$PWD"`;
  const child = Bun.spawnSync(["/bin/bash", "-c", script, "_", command], {
    cwd: project,
    env: { ...env, ...extraEnv },
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
  });
  // stderr joins the end: omni exec puts the child's stderr in its stdout, in order, so the test
  // compares lines as sets of what was printed rather than which stream carried them.
  const text = `${Buffer.from(child.stdout).toString()}\n${Buffer.from(child.stderr).toString()}`;
  const exit = /__EXIT=(\d+)/.exec(text)?.[1] ?? "?";
  const cwd = /__CWD=(.*)/.exec(text)?.[1] ?? "?";
  const lines = text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("__"))
    // The `time` keyword's own figures differ from run to run: compare their lines, not their values.
    .map((line) => line.replace(/^(real|user|sys)([\s]+)[0-9.ms]+$/, "$1$2N"))
    .sort();
  return { output: lines.join("\n"), exit, cwd };
}

const corpus = corpusBashCommands();
const commands = [...new Set([...corpus, ...SHELL_FORMS])];

describe("the gateway keeps what runs", () => {
  const rewrites = commands.map((command) => ({ command, rewrite: rewriteOf(command) }));
  const rewritten = rewrites.filter((entry) => entry.rewrite !== null);

  test("covers at least 200 real command strings", () => {
    console.log(
      `gateway semantics: ${commands.length} commands (${corpus.length} from the corpus sessions), ${rewritten.length} rewritten and run both ways, ${commands.length - rewritten.length} left alone`,
    );
    expect(commands.length).toBeGreaterThanOrEqual(200);
  });
  for (const { command } of rewritten) shimPrograms(command);

  test("rewrites the forms the gateway is for", () => {
    const forms = new Set(rewritten.map((entry) => entry.command));
    for (const form of [
      "python3 -m pytest -q",
      "npx vitest run",
      "pnpm test",
      "bundle exec rspec",
      "cd build && ctest",
      "CI=1 npm test",
      "cargo test 2>&1",
      "timeout 600 cargo test",
      "./run-tests.sh",
      "./gradlew test",
      "make",
    ]) {
      expect(forms.has(form)).toBe(true);
    }
  });

  test.each(rewritten.map((entry) => [entry.command, entry.rewrite!.command]))(
    "runs %p exactly as typed through its rewrite",
    (original, rewrite) => {
      const before = runInBash(original, { OMNI_PASSTHROUGH: "1" });
      const after = runInBash(rewrite, { OMNI_PASSTHROUGH: "1" });
      expect(after).toEqual(before);
      // With omni on, the output may be distilled; what ran, its status and the directory may not change.
      const on = runInBash(rewrite, {});
      expect([on.exit, on.cwd]).toEqual([before.exit, before.cwd]);
    },
  );

  test("lists every command left alone with the gateway's reason", () => {
    const left = rewrites.filter((entry) => entry.rewrite === null).map((entry) => entry.command);
    const reasons = runOmni(["gateway", "--json", ...left], { env }).stdout.toString();
    const parsed = JSON.parse(reasons) as Array<{ command: string; rewrite: boolean; reason?: string }>;
    expect(parsed.map((entry) => entry.command)).toEqual(left);
    for (const entry of parsed) {
      expect(entry.rewrite).toBe(false);
      expect(entry.reason ?? "").not.toBe("");
    }
  });
});

export { OMNI_EXE };
