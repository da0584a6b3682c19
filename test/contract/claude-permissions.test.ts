/**
 * Contract test against the real Claude Code CLI: omni's rewrites never change what the user's
 * permission rules and mode allow. The same scripted commands run twice per permission mode, once
 * with a HOME that has only the user's rules and once after `omni init --claude`; every command
 * must be run, asked or denied alike. The programs are shims that log that they ran.
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { CLAUDE_CODE_VERSION, ensureClaudeCli, fakeModelEnv, printArgv } from "./claude-cli.ts";
import { startFakeModel, toolResultText, toolUseId } from "./fake-anthropic.ts";
import { describeHost } from "./scripted-session.ts";

const cli = ensureClaudeCli();

const RULES = { deny: ["Bash(git push:*)"], ask: ["Bash(git tag:*)"], allow: ["Bash(npm test:*)", "Bash(make check:*)"] };
/** Each rule kind, no rule, the host's own read-only allowance, and the forms around them. */
const COMMANDS = [
  "git push origin main",
  "git push",
  "timeout 30 git push",
  "git tag v9.9.9",
  "npm test",
  "npm test -- -t adds",
  "make check",
  "CI=1 npm test",
  "cd sub && npm test",
  "cargo test",
  "make",
  "python3 -m pytest -q",
  "git status",
  "git log --oneline -3",
  "git log --output=F",
  'git status "$(touch X)"',
];
const SHIMMED = ["git", "npm", "make", "cargo", "python3"];
const MODES = ["default", "acceptEdits", "bypassPermissions"] as const;

type Outcome = "ran" | "denied" | "asked" | `other: ${string}`;

const sandboxes: Sandbox[] = [];
afterAll(() => sandboxes.forEach((sandbox) => sandbox.cleanup()));

async function outcomes(mode: (typeof MODES)[number], withOmni: boolean, cliFlags: string[] = []): Promise<Outcome[]> {
  const sandbox = makeSandbox();
  sandboxes.push(sandbox);
  const project = join(sandbox.home, "proj");
  const bin = join(sandbox.home, "bin");
  const log = join(sandbox.home, "ran.log");
  for (const dir of [project, join(project, "sub"), bin, join(sandbox.home, ".claude")]) mkdirSync(dir, { recursive: true });
  for (const name of SHIMMED) {
    writeFileSync(join(bin, name), `#!/bin/sh\necho "$PWD: ${name} $*" >> ${log}\necho "shim ${name} $*"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  if (withOmni) {
    const init = runOmni(["init", "--claude"], { env: sandbox.env, cwd: project });
    if (init.exitCode !== 0) throw new Error(`omni init --claude failed: ${init.stderr}`);
  }
  const settingsPath = join(sandbox.home, ".claude", "settings.json");
  const settings = existsSync(settingsPath) ? JSON.parse(readFileSync(settingsPath, "utf8")) : {};
  writeFileSync(settingsPath, JSON.stringify({ ...settings, permissions: RULES }, null, 2));
  const model = startFakeModel(COMMANDS.map((command) => ({ name: "Bash", args: { command, description: "run it" } })));
  try {
    const env = { ...sandbox.env, PATH: `${bin}:${sandbox.env.PATH}`, ...fakeModelEnv(model.url) };
    const child = Bun.spawn([...printArgv(cli.bin!, mode), ...cliFlags], {
      cwd: project,
      env,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => child.kill(), 180_000);
    await child.exited;
    clearTimeout(timer);
  } finally {
    model.stop();
  }
  const ran = existsSync(log) ? readFileSync(log, "utf8") : "";
  return COMMANDS.map((_command, step) => {
    let result: { text: string } | null = null;
    for (const body of model.requests) result ??= toolResultText(body, toolUseId(step));
    const text = result?.text ?? "(no result)";
    if (text.includes("shim ")) return "ran";
    if (/denied|not allowed/i.test(text)) return "denied";
    if (/requires approval|can't be checked|approval|permission/i.test(text)) return "asked";
    return `other: ${text.slice(0, 120)}` as Outcome;
  }).map((outcome, step) => {
    // A command reported as run must have left its shim's log line.
    const program = SHIMMED.find((name) => COMMANDS[step]!.includes(name))!;
    return outcome === "ran" && !ran.includes(`: ${program} `) ? "other: reported as run, but its program never ran" : outcome;
  });
}

describeHost("Claude Code", cli, `Claude Code ${CLAUDE_CODE_VERSION}: permissions with omni are permissions without it`, () => {
  test("keeps a deny the CLI was given on its own command line (--disallowedTools), which no settings file shows", async () => {
    const flags = ["--disallowedTools", "Bash(cargo test:*)"];
    const [without, withOmni] = await Promise.all([
      outcomes("bypassPermissions", false, flags),
      outcomes("bypassPermissions", true, flags),
    ]);
    const step = COMMANDS.indexOf("cargo test");
    expect([without[step], withOmni[step]]).toEqual(["denied", "denied"]);
    expect(COMMANDS.map((_, i) => without[i] === withOmni[i]).every(Boolean)).toBe(true);
  }, 420_000);

  for (const mode of MODES) {
    test(`runs, asks and denies every command alike in ${mode} mode`, async () => {
      const [without, withOmni] = await Promise.all([outcomes(mode, false), outcomes(mode, true)]);
      const table = COMMANDS.map((command, i) => ({ command, without: without[i], with: withOmni[i] }));
      if (process.env.OMNI_CONTRACT_VERBOSE) console.log(mode, table);
      expect(table.filter((row) => row.without !== row.with)).toEqual([]);
      // The rules held at all: the deny rule denied, the allow rule ran.
      expect(table.find((row) => row.command === "git push origin main")!.with).toBe("denied");
      expect(table.find((row) => row.command === "npm test")!.with).toBe("ran");
    }, 420_000);
  }
});
