/**
 * Contract test against the real OpenCode CLI: `omni init --opencode` writes its plugin and MCP
 * entry next to the user's own provider config, `opencode run` plays a scripted session against
 * a fake OpenAI-compatible API, and the assertions are on what the fake model received.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chatCallId, startFakeChat, toolMessage } from "./fake-openai-chat.ts";
import { ensureNpmCli } from "./npm-cli.ts";
import {
  DATA,
  describeHost,
  NOISY_MAKE,
  NOISY_MAKEFILE,
  PRINT_DATA,
  scriptedSession,
  testFinishesSession,
  testJsonByteIdentical,
  testNoisyCommandDistilled,
  type ShellHost,
} from "./scripted-session.ts";

export const OPENCODE_VERSION = "1.18.33";
const cli = ensureNpmCli({
  pkg: "opencode-ai",
  version: OPENCODE_VERSION,
  bin: "opencode",
  versionOf: (out) => out.trim().split("\n").at(-1) ?? null,
});

const run = scriptedSession({
  initFlag: "--opencode",
  files: { Makefile: NOISY_MAKEFILE, "data.json": DATA },
  startModel: () =>
    startFakeChat([
      { name: "bash", args: { command: NOISY_MAKE, description: "build" } },
      { name: "bash", args: { command: PRINT_DATA, description: "data" } },
    ]),
  // The user's own config: a provider pointing at the fake model, which init must keep.
  configure(home, model) {
    const configDir = join(home, ".config", "opencode");
    mkdirSync(configDir, { recursive: true });
    const provider = {
      npm: "@ai-sdk/openai-compatible",
      name: "Fake",
      options: { baseURL: model.url, apiKey: "sk-fake" },
      models: { fake: { name: "fake", tool_call: true } },
    };
    writeFileSync(
      join(configDir, "opencode.json"),
      `${JSON.stringify({ $schema: "https://opencode.ai/config.json", model: "fake/fake", provider: { fake: provider }, permission: { bash: "allow" } }, null, 2)}\n`,
    );
  },
  command: () => ({ argv: [cli.bin!, "run", "run it"] }),
  killAfterMs: 150_000,
  resultIn: (body, step) => toolMessage(body, chatCallId(step)),
});
const host: ShellHost = { run, via: "through the plugin's rewrite", exec: { commandLike: "make all", agentId: "opencode" } };

describeHost("OpenCode", cli, `OpenCode ${OPENCODE_VERSION} with omni init --opencode`, () => {
  testFinishesSession(host);
  testNoisyCommandDistilled(host);
  testJsonByteIdentical(host);
});
