/**
 * Contract test against the real Codex CLI: `omni init --codex` configures a temp CODEX_HOME next
 * to the user's own provider settings, `codex exec` runs a scripted session against a fake
 * Responses API, and the assertions are on what the fake model received. Codex applies a
 * PreToolUse rewrite (not a PostToolUse replacement), so distillation reaches it through
 * `omni exec`.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { callId, functionOutput, startFakeResponses } from "./fake-openai-responses.ts";
import { ensureNpmCli } from "./npm-cli.ts";

export const CODEX_VERSION = "0.171.0";
const cli = ensureNpmCli({ pkg: "@openai/codex", version: CODEX_VERSION, bin: "codex", versionOf: (out) => /^codex-cli (\S+)/.exec(out.trim())?.[1] ?? null });
if (cli.skip) console.warn(`[contract] skipping the Codex contract test: ${cli.skip}`);

/** A build (make), so the rewrite may answer "allow": the only kind of command Codex lets omni rewrite. */
const NOISY = "make all";
const MAKEFILE = `all:\n\t@node -e 'for (let i = 1; i <= 300; i++) console.log("Compiling crate-" + i + " v1.0." + i); console.log("Finished release target(s) in 3.2s")'\n`;
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
  writeFileSync(join(project, "Makefile"), MAKEFILE);
  writeFileSync(join(project, "AGENTS.md"), "# Agents\nRun the tests with node --test.\n");
  const model = startFakeResponses([
    { name: "exec_command", args: { cmd: NOISY } },
    { name: "exec_command", args: { cmd: PRINT_DATA } },
  ]);
  try {
    // The user's own config: a model provider, which init must keep.
    mkdirSync(join(sandbox.home, ".codex"), { recursive: true });
    writeFileSync(join(sandbox.home, ".codex", "config.toml"), `model = "gpt-fake"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}"\nwire_api = "responses"\nenv_key = "FAKE_API_KEY"\n`);
    const init = runOmni(["init", "--codex"], { env: sandbox.env, cwd: project });
    if (init.exitCode !== 0) throw new Error(`omni init --codex failed: ${init.stderr}`);
    const child = Bun.spawn([cli.bin!, "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "--dangerously-bypass-approvals-and-sandbox", "run it"], {
      cwd: project,
      env: { ...sandbox.env, FAKE_API_KEY: "sk-fake" },
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

/** What the model read for step `step`: Codex's header lines, then `Output:` and the bytes. */
async function outputOf(step: number): Promise<string> {
  const { requests, output } = await session();
  for (const body of requests) {
    const found = functionOutput(body, callId(step));
    if (found !== null) return found.slice(found.indexOf("Output:\n") + "Output:\n".length);
  }
  throw new Error(`the model never received a result for step ${step + 1}\n${output}`);
}

const TIMEOUT_MS = 180_000;

describe.skipIf(cli.skip !== null)(`Codex CLI ${CODEX_VERSION} with omni init --codex`, () => {
  test("runs the scripted session with omni's hooks and no hook failure", async () => {
    const { exitCode, output } = await session();
    expect(exitCode).toBe(0);
    expect(output).toContain("hook: PreToolUse Completed");
    expect(output).not.toContain("Failed");
  }, TIMEOUT_MS);

  test("hands the model a noisy command distilled through the PreToolUse rewrite, with a handle omni retrieve resolves", async () => {
    const text = await outputOf(0);
    expect(text).toContain("Finished release target(s) in 3.2s");
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(text)?.[1];
    expect(handle).toBeDefined();
    const { sandbox } = await session();
    const retrieved = runOmni(["retrieve", handle!], { env: sandbox.env }).stdout.toString();
    expect(retrieved).toContain("Compiling crate-300 v1.0.300\n");
    expect(text.length * 5).toBeLessThan(retrieved.length);
    const db = new Database(sandbox.dbPath, { readonly: true });
    const row = db.query("SELECT entry, agent_id FROM distillations WHERE command = 'make all' ORDER BY id LIMIT 1").get() as { entry: string; agent_id: string } | null;
    db.close();
    expect(row).toEqual({ entry: "exec", agent_id: "codex_cli" });
  }, TIMEOUT_MS);

  test("injects the project context at session start", async () => {
    const { requests } = await session();
    expect(JSON.stringify(requests[requests.length - 1])).toContain("[omni] project context\\n- Pinned files: AGENTS.md");
  }, TIMEOUT_MS);

  test("hands a JSON payload over byte-identical", async () => {
    expect(await outputOf(1)).toBe(DATA);
  }, TIMEOUT_MS);
});
