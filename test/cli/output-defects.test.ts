/**
 * Output a person or a script reads and must be able to trust: each case is a defect once seen
 * in the built executable (fields split apart, a state and its hint disagreeing, look-alike ids,
 * epoch seconds, an exit code nobody saw, two outputs silently overriding each other).
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NOISY_COMMAND } from "../helpers/seed.ts";
import { makeSandbox, OMNI_EXE, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

function project(): string {
  return mkdtempSync(join(sandbox.home, "project-"));
}

function omni(args: string[], cwd: string, extraEnv: Record<string, string> = {}, stdin?: string) {
  const result = runOmni(args, { env: { ...sandbox.env, ...extraEnv }, cwd, ...(stdin === undefined ? {} : { stdin }) });
  return { code: result.exitCode, out: result.stdout.toString("utf8"), err: result.stderr };
}

/** A command that fails with `message` until a file named ok exists in its directory. */
function flaky(message: string): string {
  return `if [ -f ok ]; then echo 'build finished'; else echo '${message}'; exit 2; fi`;
}

/** Run omni with stdout on a pseudo-terminal (`script` is the only way a test can be a TTY). */
function onTty(args: string[], cwd: string): string {
  const env = Object.entries(sandbox.env)
    .map(([key, value]) => `${key}='${value}'`)
    .join(" ");
  const child = Bun.spawnSync(["script", "-qec", `cd '${cwd}' && env ${env} ${OMNI_EXE} ${args.join(" ")}`, "/dev/null"], {
    env: { PATH: sandbox.env.PATH! },
  });
  expect(child.exitCode).toBe(0);
  return child.stdout.toString();
}

describe("omni engram --json", () => {
  test("keeps a resolved error line whole when it contains a `|`", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const line = "main.c:3: error: expected ; | got }";
    expect(omni(["exec", "--session", "s-pipe", flaky(line)], cwd).code).toBe(2);
    writeFileSync(join(cwd, "ok"), "");
    expect(omni(["exec", "--session", "s-pipe", flaky(line)], cwd).code).toBe(0);
    const [engram] = JSON.parse(omni(["engram", "--json"], cwd).out).engrams;
    expect(engram.errors_resolved).toEqual([line]);
    expect(engram.files_changed).toEqual(["main.c"]);
  });
});

describe("omni patterns", () => {
  test("an error that comes back after a pass is ACTIVE, and its hint does not say it passes", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const command = flaky("main.c:7: error: unknown type name foo");
    omni(["exec", command], cwd);
    writeFileSync(join(cwd, "ok"), "");
    omni(["exec", command], cwd);
    expect(omni(["patterns"], cwd).out).toMatch(/^RESOLVED .*\n +hint: passed: /);
    Bun.spawnSync(["rm", join(cwd, "ok")]);
    omni(["exec", command], cwd);
    const text = omni(["patterns"], cwd).out;
    expect(text).toMatch(/^ACTIVE /);
    const hint = text.split("\n")[1]!;
    expect(hint).not.toMatch(/hint: passed:/);
    expect(hint).toContain("failing again after `");
  });
});

describe("omni stats --detail", () => {
  test("six sessions whose ids share a long prefix print as six different keys", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const ids = ["01", "02", "03", "04", "05", "06"].map((n) => `ses_20261201T0700-run-${n}`);
    for (const id of ids) omni(["exec", "--agent", "claude_code", "--session", id, "git --version"], cwd);
    const text = omni(["stats", "--detail"], cwd).out;
    const table = text.slice(text.indexOf("By Session"));
    const keys = table
      .split("\n")
      .slice(2, 8)
      .map((row) => row.trim().split(/\s{2,}|\s\d/)[0]);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
    for (const row of table.split("\n").slice(2, 8)) expect(row.length).toBeLessThan(80);
  });
});

describe("omni session", () => {
  test("--status prints its times as dates; the JSON keeps unix seconds", () => {
    sandbox = makeSandbox();
    const cwd = project();
    omni(["exec", "--session", "s-time", "echo hello"], cwd);
    const text = omni(["session", "--status"], cwd).out;
    expect(text).toMatch(/^started_at +\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/m);
    expect(text).toMatch(/^last_active +\d{4}-\d\d-\d\dT/m);
    expect(text).not.toMatch(/^\w+ +\d{10}$/m);
    expect(typeof JSON.parse(omni(["session", "--status", "--json"], cwd).out).started_at).toBe("number");
  });

  test("a piped run, whose exit code omni never saw, shows no exit code in transcript or query", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const piped = omni(["--cmd", "ls -la", "--session", "s-pipe"], cwd, {}, "total 0\ndrwxr-xr-x 2 dev dev 40 Dec  1 07:00 .\n");
    expect(piped.code).toBe(0);
    omni(["exec", "--session", "s-pipe", "echo done"], cwd);
    const transcript = omni(["session", "--transcript"], cwd).out;
    expect(transcript).toMatch(/exit \? {2}ls -la\n/);
    expect(transcript).toMatch(/exit 0 {2}echo done\n/);
    expect(JSON.parse(omni(["session", "--transcript", "--json"], cwd).out)[0]).toMatchObject({ command: "ls -la", exit_code: null });
    const timeline = omni(["query", "timeline", "today"], cwd).out;
    expect(timeline).toMatch(/ls -la {2}\w+, exit \?,/);
    expect(timeline).not.toMatch(/ls -la .*exit 0/);
  });
});

describe("omni stats output flags", () => {
  test("--json with --share (or any two outputs) is an error, not one silently winning", () => {
    sandbox = makeSandbox();
    const cwd = project();
    for (const pair of [
      ["--json", "--share"],
      ["--share", "--json"],
      ["--json", "--rerun"],
      ["--share", "--context"],
    ]) {
      const result = omni(["stats", ...pair], cwd);
      expect(result.code).toBe(1);
      expect(result.out).toBe("");
      expect(result.err).toContain("pick one output, not --");
      for (const flag of pair) expect(result.err).toContain(flag);
    }
    expect(omni(["stats", "--json"], cwd).code).toBe(0);
  });
});

describe("omni retrieve", () => {
  test("with no handle names the reserved example handle, never a realistic-looking one", () => {
    sandbox = makeSandbox();
    const result = omni(["retrieve"], project());
    expect(result.code).toBe(1);
    expect(result.err).toContain("0000000000000000");
    const shown = [...result.err.matchAll(/\b[0-9a-f]{16}\b/g)].map((m) => m[0]);
    expect(shown.every((handle) => handle === "0000000000000000")).toBe(true);
  });

  test("a model's pull is charged against net savings; a person's pull at a terminal is not", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const run = omni(["exec", "--agent", "claude_code", "--session", "s-r", NOISY_COMMAND], cwd);
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(run.out)?.[1];
    expect(handle).toBeDefined();
    const charged = () => JSON.parse(omni(["stats", "--json"], cwd).out).totals;
    expect(charged().retrievals).toBe(0);
    expect(onTty(["retrieve", handle!], cwd)).toContain("Compiling crate-200 v1.0.200");
    expect(charged()).toMatchObject({ retrievals: 0, retrieval_bytes: 0 });
    expect(omni(["retrieve", handle!], cwd, { OMNI_AGENT_ID: "claude_code" }).code).toBe(0);
    const after = charged();
    expect(after.retrievals).toBe(1);
    expect(after.retrieval_bytes).toBeGreaterThan(1000);
  });
});

describe("agent identity", () => {
  test("exec and pipe mode without a TTY or a host record `unknown`, counted as model-facing; a TTY records `terminal`", () => {
    sandbox = makeSandbox();
    const cwd = project();
    omni(["exec", "git --version"], cwd);
    omni(["--cmd", "git status"], cwd, {}, "On branch main\nnothing to commit, working tree clean\n");
    onTty(["exec", "git", "--version"], cwd);
    const agents = JSON.parse(omni(["stats", "--json"], cwd).out).agents as { agent_id: string; calls: number; model_facing: boolean }[];
    expect(agents.find((agent) => agent.agent_id === "unknown")).toMatchObject({ calls: 2, model_facing: true });
    expect(agents.find((agent) => agent.agent_id === "terminal")).toMatchObject({ calls: 1, model_facing: false });
  });
});
