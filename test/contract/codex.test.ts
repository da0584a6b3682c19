/**
 * Contract test against the real Codex CLI: `omni init --codex` configures a temp CODEX_HOME next
 * to the user's own provider settings, `codex exec` runs a scripted session against a fake
 * Responses API, and the assertions are on what the fake model received. Codex applies a
 * PreToolUse rewrite (not a PostToolUse replacement), so distillation reaches it through
 * `omni exec`.
 */
import { expect, test } from "bun:test";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, putOmniOnPath, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { callId, functionOutput, startFakeResponses } from "./fake-openai-responses.ts";
import { ensureNpmCli } from "./npm-cli.ts";
import {
  AGENTS_MD,
  DATA,
  describeHost,
  NOISY_NODE_SCRIPT,
  PRINT_DATA,
  scriptedSession,
  testJsonByteIdentical,
  testNoisyCommandDistilled,
  testProjectContextInjected,
  type ShellHost,
} from "./scripted-session.ts";

export const CODEX_VERSION = "0.171.0";
const cli = ensureNpmCli({
  pkg: "@openai/codex",
  version: CODEX_VERSION,
  bin: "codex",
  versionOf: (out) => /^codex-cli (\S+)/.exec(out.trim())?.[1] ?? null,
});

/** A build (make): under --dangerously-bypass-approvals-and-sandbox Codex sends permission_mode bypassPermissions, where the rewrite may answer "allow" (Codex needs a decision on every rewrite). */
const NOISY = "make all";

const run = scriptedSession({
  initFlag: "--codex",
  files: { "data.json": DATA, Makefile: `all:\n\t@node -e '${NOISY_NODE_SCRIPT}'\n`, "AGENTS.md": AGENTS_MD },
  startModel: () =>
    startFakeResponses([
      { name: "exec_command", args: { cmd: NOISY } },
      { name: "exec_command", args: { cmd: PRINT_DATA } },
    ]),
  // The user's own config: a model provider, which init must keep.
  configure(home, model) {
    mkdirSync(join(home, ".codex"), { recursive: true });
    writeFileSync(
      join(home, ".codex", "config.toml"),
      `model = "gpt-fake"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}"\nwire_api = "responses"\nenv_key = "FAKE_API_KEY"\n`,
    );
  },
  command: () => ({
    argv: [
      cli.bin!,
      "exec",
      "--skip-git-repo-check",
      "--dangerously-bypass-hook-trust",
      "--dangerously-bypass-approvals-and-sandbox",
      "run it",
    ],
    env: { FAKE_API_KEY: "sk-fake" },
  }),
  killAfterMs: 120_000,
  /** Codex's header lines, then `Output:` and the bytes the model read. */
  resultIn(body, step) {
    const found = functionOutput(body, callId(step));
    return found === null ? null : found.slice(found.indexOf("Output:\n") + "Output:\n".length);
  },
});
const host: ShellHost = { run, via: "through the PreToolUse rewrite", exec: { commandLike: NOISY, agentId: "codex_cli" } };

describeHost("Codex", cli, `Codex CLI ${CODEX_VERSION} with omni init --codex`, () => {
  test(
    "runs the scripted session with omni's hooks and no hook failure",
    async () => {
      const { exitCode, output } = await run.session();
      expect(exitCode).toBe(0);
      expect(output).toContain("hook: PreToolUse Completed");
      expect(output).not.toContain("Failed");
    },
    run.timeoutMs,
  );

  testNoisyCommandDistilled(host);
  testProjectContextInjected(host);
  testJsonByteIdentical(host);

  test("omni doctor reads the trust record Codex itself reads: same keys, and it passes once Codex says trusted", async () => {
    const sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    try {
      expect(runOmni(["init", "--codex"], { env: sandbox.env, cwd: sandbox.home }).exitCode).toBe(0);
      const before = await codexHooks(sandbox);
      expect(before.map((hook) => [hook.key, hook.trustStatus])).toEqual([
        [join(sandbox.home, ".codex/hooks.json:pre_tool_use:0:0"), "untrusted"],
        [join(sandbox.home, ".codex/hooks.json:session_start:0:0"), "untrusted"],
      ]);
      expect(runOmni(["doctor"], { env: sandbox.env, cwd: sandbox.home }).exitCode).toBe(1);

      // What approving them under /hooks records: Codex's own hash for each, under its key.
      const record = before
        .map((hook) => `\n[hooks.state.${JSON.stringify(hook.key)}]\ntrusted_hash = ${JSON.stringify(hook.currentHash)}\n`)
        .join("");
      appendFileSync(join(sandbox.home, ".codex", "config.toml"), record);
      expect((await codexHooks(sandbox)).map((hook) => hook.trustStatus)).toEqual(["trusted", "trusted"]);
      const doctor = runOmni(["doctor"], { env: sandbox.env, cwd: sandbox.home });
      expect(doctor.stdout.toString()).not.toContain("Codex has no trust record");
      expect(doctor.exitCode).toBe(0);
    } finally {
      sandbox.cleanup();
    }
  }, 60_000);
});

interface CodexHook {
  key: string;
  currentHash: string;
  trustStatus: string;
}

/** Codex's own account of the hooks it found and their trust, from `codex app-server` hooks/list. */
async function codexHooks(sandbox: Sandbox): Promise<CodexHook[]> {
  const server = Bun.spawn([cli.bin!, "app-server"], {
    env: { ...sandbox.env },
    cwd: sandbox.home,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
  });
  const send = (message: object) => server.stdin.write(`${JSON.stringify(message)}\n`);
  send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { clientInfo: { name: "omni-contract", version: "1" } } });
  send({ jsonrpc: "2.0", method: "initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "hooks/list", params: { cwds: [sandbox.home] } });
  await server.stdin.flush();
  let buffered = "";
  const decoder = new TextDecoder();
  try {
    for await (const chunk of server.stdout) {
      buffered += decoder.decode(chunk);
      const reply = buffered.split("\n").find((line) => line.startsWith('{"id":2,'));
      if (reply) return (JSON.parse(reply).result.data[0].hooks as CodexHook[]).filter((hook) => hook.key.includes(".codex/hooks.json"));
    }
    throw new Error(`codex app-server closed without answering hooks/list: ${buffered}`);
  } finally {
    server.kill();
  }
}
