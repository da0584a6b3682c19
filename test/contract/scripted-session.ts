/**
 * What every host contract test shares: one scripted CLI run per file (a temp HOME and project,
 * `omni init --<host>`, the real CLI against a fake model, killed if it hangs), the lookup of
 * what the model read for a scripted step, and the assertions every host must pass. A host file
 * keeps only its own config, CLI flags and request format.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import type { FakeServer, RequestBody } from "./fake-server.ts";
import { contractVerdict, type CliAvailability } from "./npm-cli.ts";
import type { Env } from "../helpers/ci.ts";

/** 300 near-identical build lines and the one line that answers "did it finish". */
export const NOISY_LAST_LINE = "Finished release target(s) in 3.2s";
export const NOISY_SHELL = `for i in $(seq 1 300); do echo "Compiling crate-$i v1.0.$i"; done; echo "${NOISY_LAST_LINE}"`;
/** The same output from node, for hosts whose shell tool runs `node -e` but whose hooks match on it. */
export const NOISY_NODE_SCRIPT = `for (let i = 1; i <= 300; i++) console.log("Compiling crate-" + i + " v1.0." + i); console.log("${NOISY_LAST_LINE}")`;
export const NOISY_NODE = `node -e '${NOISY_NODE_SCRIPT}'`;
/** The same noisy output from a build (make runs node), for hosts whose hooks rewrite only what omni can distill. */
export const NOISY_MAKE = "make all";
export const NOISY_MAKEFILE = `all:\n\t@node -e '${NOISY_NODE_SCRIPT}'\n`;
/** A JSON payload omni must pass through byte for byte, and a command that prints it. */
export const DATA = JSON.stringify({ name: "omni", items: Array.from({ length: 20 }, (_, i) => ({ id: i, label: `item-${i}` })) }, null, 2);
export const PRINT_DATA = `node -e 'process.stdout.write(require("fs").readFileSync("data.json", "utf8"))'`;
export const AGENTS_MD = "# Agents\nRun the tests with node --test.\n";

export interface Session {
  sandbox: Sandbox;
  project: string;
  requests: RequestBody[];
  exitCode: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for "the CLI said X" checks. */
  output: string;
}

export interface SessionPlan<R> {
  /** The `omni init` flag that configures this host. */
  initFlag: string;
  /** Files written into the project (by name) before anything runs. */
  files: Record<string, string>;
  /** Any further project setup, e.g. a git history. */
  prepare?(project: string): void;
  startModel(project: string): FakeServer;
  /** The user's environment (PATH, say), for `omni init` and the CLI alike. */
  userEnv?(home: string): Record<string, string>;
  /** The user's own host config, written before `omni init`, which init must keep. */
  configure?(home: string, model: FakeServer): void;
  /** The CLI's argv, and the env it needs beyond the sandbox's. */
  command(model: FakeServer): { argv: string[]; env?: Record<string, string> };
  /** The CLI is killed after this long; each test may take a minute more. */
  killAfterMs: number;
  /** What the model read for scripted step `step` (0-based) in one request body, null when that body lacks it. */
  resultIn(body: RequestBody, step: number): R | null;
}

export interface ScriptedSession<R> {
  /** The one scripted run every test of the file shares, started by the first test that asks. */
  session(): Promise<Session>;
  /** What the model read for scripted step `step`, from the first request that carries it. */
  resultOf(step: number): Promise<R>;
  timeoutMs: number;
}

export function scriptedSession<R>(plan: SessionPlan<R>): ScriptedSession<R> {
  let running: Promise<Session> | null = null;
  afterAll(async () => (await running)?.sandbox.cleanup());
  const session = () => (running ??= runSession(plan));
  async function resultOf(step: number): Promise<R> {
    const { requests, stdout, stderr } = await session();
    for (const body of requests) {
      const found = plan.resultIn(body, step);
      if (found !== null) return found;
    }
    throw new Error(`the model never received a result for step ${step + 1}\nstdout: ${stdout}\nstderr: ${stderr}`);
  }
  return { session, resultOf, timeoutMs: plan.killAfterMs + 60_000 };
}

async function runSession<R>(plan: SessionPlan<R>): Promise<Session> {
  const sandbox = makeSandbox();
  Object.assign(sandbox.env, plan.userEnv?.(sandbox.home));
  const project = join(sandbox.home, "proj");
  mkdirSync(project, { recursive: true });
  for (const [name, text] of Object.entries(plan.files)) writeFileSync(join(project, name), text);
  plan.prepare?.(project);
  const model = plan.startModel(project);
  try {
    plan.configure?.(sandbox.home, model);
    const init = runOmni(["init", plan.initFlag], { env: sandbox.env, cwd: project });
    if (init.exitCode !== 0) throw new Error(`omni init ${plan.initFlag} failed: ${init.stderr}`);
    const { argv, env } = plan.command(model);
    const child = Bun.spawn(argv, { cwd: project, env: { ...sandbox.env, ...env }, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const timer = setTimeout(() => child.kill(), plan.killAfterMs);
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    clearTimeout(timer);
    return { sandbox, project, requests: model.requests, exitCode, stdout, stderr, output: `${stdout}\n${stderr}` };
  } finally {
    model.stop();
  }
}

/**
 * Every test of a host file. When its CLI cannot be installed here: skipped with a warning on a
 * developer's machine, skipped and reported when OMNI_SKIP_CONTRACT=1 asks for it, and under CI
 * (which should run every suite) one failing test that names the CLI and the cause.
 */
export function describeHost(name: string, cli: CliAvailability, title: string, tests: () => void, env: Env = process.env): void {
  const verdict = contractVerdict(name, cli, env);
  if (verdict.kind === "run") return describe(title, tests);
  if (verdict.kind === "skip") {
    console.warn(`[contract] ${verdict.message}`);
    return describe.skip(title, tests);
  }
  test(`${title}: the contract suite could not run`, () => {
    throw new Error(verdict.message);
  });
}

export function retrieve(sandbox: Sandbox, handle: string): string {
  return runOmni(["retrieve", handle], { env: sandbox.env }).stdout.toString();
}

/** The handle of the first omni marker in what the model read. */
export function handleIn(text: string): string | undefined {
  return /omni retrieve ([0-9a-f]{16})/.exec(text)?.[1];
}

/**
 * The model read the noisy build distilled: its answer line kept, a handle that `omni retrieve`
 * resolves to the whole output (every line in `archived`), and at least five times shorter.
 */
export function expectDistilledWithHandle(text: string, sandbox: Sandbox, archived: string[]): void {
  expect(text).toContain(NOISY_LAST_LINE);
  const handle = handleIn(text);
  expect(handle).toBeDefined();
  const retrieved = retrieve(sandbox, handle!);
  for (const line of archived) expect(retrieved).toContain(line);
  expect(text.length * 5).toBeLessThan(retrieved.length);
}

/** The first distillation recorded for a command (SQL LIKE pattern): which entry point ran it, for which host. */
export function firstDistillation(sandbox: Sandbox, commandLike: string): { entry: string; agent_id: string } | null {
  const db = new Database(sandbox.dbPath, { readonly: true });
  try {
    return db.query("SELECT entry, agent_id FROM distillations WHERE command LIKE ? ORDER BY id LIMIT 1").get(commandLike) as {
      entry: string;
      agent_id: string;
    } | null;
  } finally {
    db.close();
  }
}

/** The tests of a host that reads plain shell output: a noisy build, then the JSON payload. */
export interface ShellHost {
  run: ScriptedSession<string>;
  /** How the distillation reaches the model, for the test's name. */
  via: string;
  /** The host runs the build through `omni exec`: the command (LIKE pattern) and agent id it records. */
  exec?: { commandLike: string; agentId: string };
}

export function testFinishesSession({ run }: ShellHost): void {
  test(
    "runs the scripted session",
    async () => {
      const { exitCode, output } = await run.session();
      expect(exitCode).toBe(0);
      expect(output).toContain("done");
    },
    run.timeoutMs,
  );
}

export function testNoisyCommandDistilled({ run, via, exec }: ShellHost): void {
  test(
    `hands the model a noisy command distilled ${via}, with a handle omni retrieve resolves`,
    async () => {
      const text = await run.resultOf(0);
      const { sandbox } = await run.session();
      expectDistilledWithHandle(text, sandbox, ["Compiling crate-300 v1.0.300\n"]);
      if (exec) expect(firstDistillation(sandbox, exec.commandLike)).toEqual({ entry: "exec", agent_id: exec.agentId });
    },
    run.timeoutMs,
  );
}

export function testProjectContextInjected({ run }: ShellHost): void {
  test(
    "injects the project context at session start",
    async () => {
      const { requests } = await run.session();
      expect(JSON.stringify(requests[requests.length - 1])).toContain("[omni] project context\\n- Pinned files: AGENTS.md");
    },
    run.timeoutMs,
  );
}

export function testJsonByteIdentical({ run }: ShellHost): void {
  test(
    "hands a JSON payload over byte-identical",
    async () => {
      expect(await run.resultOf(1)).toBe(DATA);
    },
    run.timeoutMs,
  );
}
