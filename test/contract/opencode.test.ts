/**
 * Contract test against the real OpenCode CLI: `omni init --opencode` writes its plugin and MCP
 * entry next to the user's own provider config, `opencode run` plays a scripted session against
 * a fake OpenAI-compatible API, and the assertions are on what the fake model received.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { chatCallId, startFakeChat, toolMessage } from "./fake-openai-chat.ts";
import { ensureNpmCli } from "./npm-cli.ts";

export const OPENCODE_VERSION = "1.18.33";
const cli = ensureNpmCli({ pkg: "opencode-ai", version: OPENCODE_VERSION, bin: "opencode", versionOf: (out) => out.trim().split("\n").at(-1) ?? null });
if (cli.skip) console.warn(`[contract] skipping the OpenCode contract test: ${cli.skip}`);

const NOISY = `node -e 'for (let i = 1; i <= 300; i++) console.log("Compiling crate-" + i + " v1.0." + i); console.log("Finished release target(s) in 3.2s")'`;
const DATA = JSON.stringify({ name: "omni", items: Array.from({ length: 20 }, (_, i) => ({ id: i, label: `item-${i}` })) }, null, 2);
const PRINT_DATA = `node -e 'process.stdout.write(require("fs").readFileSync("data.json", "utf8"))'`;

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
    { name: "bash", args: { command: NOISY, description: "build" } },
    { name: "bash", args: { command: PRINT_DATA, description: "data" } },
  ]);
  try {
    // The user's own config: a provider pointing at the fake model, which init must keep.
    const configDir = join(sandbox.home, ".config", "opencode");
    mkdirSync(configDir, { recursive: true });
    const provider = { npm: "@ai-sdk/openai-compatible", name: "Fake", options: { baseURL: model.url, apiKey: "sk-fake" }, models: { fake: { name: "fake", tool_call: true } } };
    writeFileSync(join(configDir, "opencode.json"), `${JSON.stringify({ $schema: "https://opencode.ai/config.json", model: "fake/fake", provider: { fake: provider }, permission: { bash: "allow" } }, null, 2)}\n`);
    const init = runOmni(["init", "--opencode"], { env: sandbox.env, cwd: project });
    if (init.exitCode !== 0) throw new Error(`omni init --opencode failed: ${init.stderr}`);
    const child = Bun.spawn([cli.bin!, "run", "run it"], { cwd: project, env: sandbox.env, stdout: "pipe", stderr: "pipe" });
    const timer = setTimeout(() => child.kill(), 150_000);
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

const TIMEOUT_MS = 200_000;

describe.skipIf(cli.skip !== null)(`OpenCode ${OPENCODE_VERSION} with omni init --opencode`, () => {
  test("runs the scripted session", async () => {
    const { exitCode, output } = await session();
    expect(exitCode).toBe(0);
    expect(output).toContain("done");
  }, TIMEOUT_MS);

  test("hands the model a noisy command distilled through the plugin's rewrite, with a handle omni retrieve resolves", async () => {
    const text = await outputOf(0);
    expect(text).toContain("Finished release target(s) in 3.2s");
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(text)?.[1];
    expect(handle).toBeDefined();
    const { sandbox } = await session();
    const retrieved = runOmni(["retrieve", handle!], { env: sandbox.env }).stdout.toString();
    expect(retrieved).toContain("Compiling crate-300 v1.0.300\n");
    expect(text.length * 5).toBeLessThan(retrieved.length);
    const db = new Database(sandbox.dbPath, { readonly: true });
    const row = db.query("SELECT entry, agent_id FROM distillations WHERE command LIKE 'node -e%' ORDER BY id LIMIT 1").get() as { entry: string; agent_id: string } | null;
    db.close();
    expect(row).toEqual({ entry: "exec", agent_id: "opencode" });
  }, TIMEOUT_MS);

  test("hands a JSON payload over byte-identical", async () => {
    expect(await outputOf(1)).toBe(DATA);
  }, TIMEOUT_MS);
});
