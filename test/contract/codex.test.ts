/**
 * Contract test against the real Codex CLI: `omni init --codex` configures a temp CODEX_HOME next
 * to the user's own provider settings, `codex exec` runs a scripted session against a fake
 * Responses API, and the assertions are on what the fake model received. Codex applies a
 * PreToolUse rewrite (not a PostToolUse replacement), so distillation reaches it through
 * `omni exec`.
 */
import { expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { callId, functionOutput, startFakeResponses } from "./fake-openai-responses.ts";
import { ensureNpmCli } from "./npm-cli.ts";
import { AGENTS_MD, DATA, describeHost, NOISY_NODE_SCRIPT, PRINT_DATA, scriptedSession, testJsonByteIdentical, testNoisyCommandDistilled, testProjectContextInjected, type ShellHost } from "./scripted-session.ts";

export const CODEX_VERSION = "0.171.0";
const cli = ensureNpmCli({ pkg: "@openai/codex", version: CODEX_VERSION, bin: "codex", versionOf: (out) => /^codex-cli (\S+)/.exec(out.trim())?.[1] ?? null });

/** A build (make), so the rewrite may answer "allow": the only kind of command Codex lets omni rewrite. */
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
    writeFileSync(join(home, ".codex", "config.toml"), `model = "gpt-fake"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}"\nwire_api = "responses"\nenv_key = "FAKE_API_KEY"\n`);
  },
  command: () => ({ argv: [cli.bin!, "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "--dangerously-bypass-approvals-and-sandbox", "run it"], env: { FAKE_API_KEY: "sk-fake" } }),
  killAfterMs: 120_000,
  /** Codex's header lines, then `Output:` and the bytes the model read. */
  resultIn(body, step) {
    const found = functionOutput(body, callId(step));
    return found === null ? null : found.slice(found.indexOf("Output:\n") + "Output:\n".length);
  },
});
const host: ShellHost = { run, via: "through the PreToolUse rewrite", exec: { commandLike: NOISY, agentId: "codex_cli" } };

describeHost("Codex", cli, `Codex CLI ${CODEX_VERSION} with omni init --codex`, () => {
  test("runs the scripted session with omni's hooks and no hook failure", async () => {
    const { exitCode, output } = await run.session();
    expect(exitCode).toBe(0);
    expect(output).toContain("hook: PreToolUse Completed");
    expect(output).not.toContain("Failed");
  }, run.timeoutMs);

  testNoisyCommandDistilled(host);
  testProjectContextInjected(host);
  testJsonByteIdentical(host);
});
