/**
 * Contract test against the real Gemini CLI: `omni init --gemini` configures a temp HOME, the CLI
 * runs a scripted session against a fake Gemini API, and the assertions are on what the fake
 * model received. Gemini applies a BeforeTool `tool_input` rewrite, so distillation reaches it
 * through `omni exec`.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { functionResponses, startFakeGemini } from "./fake-gemini.ts";
import { ensureNpmCli } from "./npm-cli.ts";

export const GEMINI_CLI_VERSION = "0.61.0";
const cli = ensureNpmCli({ pkg: "@google/gemini-cli", version: GEMINI_CLI_VERSION, bin: "gemini", versionOf: (out) => out.trim().split("\n").at(-1) ?? null });
if (cli.skip) console.warn(`[contract] skipping the Gemini CLI contract test: ${cli.skip}`);

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
  writeFileSync(join(project, "AGENTS.md"), "# Agents\nRun the tests with node --test.\n");
  mkdirSync(join(sandbox.home, ".gemini"), { recursive: true });
  // The user's own settings: API-key auth, which init must keep.
  writeFileSync(join(sandbox.home, ".gemini", "settings.json"), `{\n  "security": { "auth": { "selectedType": "gemini-api-key" } }\n}\n`);
  const init = runOmni(["init", "--gemini"], { env: sandbox.env, cwd: project });
  if (init.exitCode !== 0) throw new Error(`omni init --gemini failed: ${init.stderr}`);
  const model = startFakeGemini([
    { name: "run_shell_command", args: { command: NOISY } },
    { name: "run_shell_command", args: { command: PRINT_DATA } },
  ]);
  try {
    const child = Bun.spawn([cli.bin!, "-p", "run it", "--yolo"], {
      cwd: project,
      env: { ...sandbox.env, GEMINI_API_KEY: "fake", GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: "true" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => child.kill(), 120_000);
    const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    clearTimeout(timer);
    return { sandbox, requests: model.requests, exitCode, output: `${stdout}\n${stderr}` };
  } finally {
    model.stop();
  }
}

/** The shell output the model read for step `step`: Gemini wraps it as `Output: …\nProcess Group PGID: N`. */
async function outputOf(step: number): Promise<string> {
  const { requests, output } = await session();
  for (const body of requests) {
    const response = functionResponses(body)[step];
    if (!response) continue;
    const text = String(response.output ?? "");
    const match = /Output: ([\s\S]*?)\nProcess Group PGID: \d+/.exec(text);
    if (match) return match[1]!;
    throw new Error(`unexpected shell result shape: ${text}`);
  }
  throw new Error(`the model never received a result for step ${step + 1}\n${output}`);
}

const TIMEOUT_MS = 180_000;

describe.skipIf(cli.skip !== null)(`Gemini CLI ${GEMINI_CLI_VERSION} with omni init --gemini`, () => {
  test("runs the scripted session", async () => {
    const { exitCode, output } = await session();
    expect(exitCode).toBe(0);
    expect(output).toContain("done");
  }, TIMEOUT_MS);

  test("hands the model a noisy command distilled through the BeforeTool rewrite, with a handle omni retrieve resolves", async () => {
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
    expect(row).toEqual({ entry: "exec", agent_id: "gemini_cli" });
  }, TIMEOUT_MS);

  test("injects the project context at session start", async () => {
    const { requests } = await session();
    expect(JSON.stringify(requests[requests.length - 1])).toContain("[omni] project context\\n- Pinned files: AGENTS.md");
  }, TIMEOUT_MS);

  test("hands a JSON payload over byte-identical", async () => {
    expect(await outputOf(1)).toBe(DATA);
  }, TIMEOUT_MS);
});
