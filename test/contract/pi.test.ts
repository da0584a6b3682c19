/**
 * Contract test against the real Pi coding agent: `omni init --pi` writes its extension, `pi -p`
 * plays a scripted session against a fake OpenAI-compatible API, and the assertions are on what
 * the fake model received. Pi's `tool_result` event may replace a result's content, so this host
 * gets the post-tool path (the bash output itself goes through `omni --post-hook`).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { chatCallId, startFakeChat, toolMessage } from "./fake-openai-chat.ts";
import { commandFor, ensureNpmCli, type PinnedCli } from "./npm-cli.ts";

export const PI_VERSION = "1.6.0";
const PI: PinnedCli = { pkg: "@earendil-works/pi-coding-agent", version: PI_VERSION, bin: "pi", versionOf: (out) => out.trim().split("\n").at(-1) ?? null, viaBun: true };
const cli = ensureNpmCli(PI);
if (cli.skip) console.warn(`[contract] skipping the Pi contract test: ${cli.skip}`);

const NOISY = `for i in $(seq 1 300); do echo "Compiling crate-$i v1.0.$i"; done; echo "Finished release target(s) in 3.2s"`;
const DATA = JSON.stringify({ name: "omni", items: Array.from({ length: 20 }, (_, i) => ({ id: i, label: `item-${i}` })) }, null, 2);

interface Session {
  sandbox: Sandbox;
  requests: Array<Record<string, unknown>>;
  exitCode: number;
  output: string;
}

let running: Promise<Session> | null = null;
afterAll(async () => (await running)?.sandbox.cleanup());

function session(): Promise<Session> {
  running ??= runSession();
  return running;
}

async function runSession(): Promise<Session> {
  // A slow CI machine must not turn a contract check into a latency check: the hook deadline is generous here.
  const sandbox = makeSandbox({ OMNI_HOOK_DEADLINE_MS: "10000" });
  const project = join(sandbox.home, "proj");
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "data.json"), DATA);
  const model = startFakeChat([
    { name: "bash", args: { command: NOISY } },
    { name: "bash", args: { command: "cat data.json" } },
  ]);
  try {
    const agentDir = join(sandbox.home, ".pi", "agent");
    mkdirSync(agentDir, { recursive: true });
    const provider = { baseUrl: model.url, api: "openai-completions", apiKey: "sk-fake", models: [{ id: "fake", name: "fake" }] };
    writeFileSync(join(agentDir, "models.json"), `${JSON.stringify({ providers: { fake: provider } }, null, 2)}\n`);
    const init = runOmni(["init", "--pi"], { env: sandbox.env, cwd: project });
    if (init.exitCode !== 0) throw new Error(`omni init --pi failed: ${init.stderr}`);
    const child = Bun.spawn([...commandFor(PI, cli.bin!), "-p", "run it", "--provider", "fake", "--model", "fake"], { cwd: project, env: sandbox.env, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
    const timer = setTimeout(() => child.kill(), 120_000);
    const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    clearTimeout(timer);
    return { sandbox, requests: model.requests, exitCode, output: `${stdout}\n${stderr}` };
  } finally {
    model.stop();
  }
}

async function outputOf(step: number): Promise<string> {
  const { requests, output } = await session();
  for (const body of requests) {
    const found = toolMessage(body, chatCallId(step));
    if (found !== null) return found;
  }
  throw new Error(`the model never received a result for step ${step + 1}\n${output}`);
}

const TIMEOUT_MS = 180_000;

describe.skipIf(cli.skip !== null)(`Pi ${PI_VERSION} with omni init --pi`, () => {
  test("runs the scripted session", async () => {
    const { exitCode, output } = await session();
    expect(exitCode).toBe(0);
    expect(output).toContain("done");
  }, TIMEOUT_MS);

  test("hands the model a noisy command distilled by the extension's tool_result handler, with a handle omni retrieve resolves", async () => {
    const text = await outputOf(0);
    expect(text).toContain("Finished release target(s) in 3.2s");
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(text)?.[1];
    expect(handle).toBeDefined();
    const { sandbox } = await session();
    const retrieved = runOmni(["retrieve", handle!], { env: sandbox.env }).stdout.toString();
    expect(retrieved).toContain("Compiling crate-300 v1.0.300\n");
    expect(text.length * 5).toBeLessThan(retrieved.length);
  }, TIMEOUT_MS);

  test("hands a JSON payload over byte-identical", async () => {
    expect(await outputOf(1)).toBe(DATA);
  }, TIMEOUT_MS);
});
