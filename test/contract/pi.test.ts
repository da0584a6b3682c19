/**
 * Contract test against the real Pi coding agent: `omni init --pi` writes its extension, `pi -p`
 * plays a scripted session against a fake OpenAI-compatible API, and the assertions are on what
 * the fake model received. Pi's `tool_result` event may replace a result's content, so this host
 * gets the post-tool path (the bash output itself goes through `omni --post-hook`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chatCallId, startFakeChat, toolMessage } from "./fake-openai-chat.ts";
import { commandFor, ensureNpmCli, type PinnedCli } from "./npm-cli.ts";
import {
  DATA,
  describeHost,
  NOISY_SHELL,
  scriptedSession,
  testFinishesSession,
  testJsonByteIdentical,
  testNoisyCommandDistilled,
  type ShellHost,
} from "./scripted-session.ts";

export const PI_VERSION = "1.6.0";
const PI: PinnedCli = {
  pkg: "@earendil-works/pi-coding-agent",
  version: PI_VERSION,
  bin: "pi",
  versionOf: (out) => out.trim().split("\n").at(-1) ?? null,
  viaBun: true,
};
const cli = ensureNpmCli(PI);

const run = scriptedSession({
  initFlag: "--pi",
  files: { "data.json": DATA },
  startModel: () =>
    startFakeChat([
      { name: "bash", args: { command: NOISY_SHELL } },
      { name: "bash", args: { command: "cat data.json" } },
    ]),
  // The user's own models file: a provider pointing at the fake model, which init must keep.
  configure(home, model) {
    const agentDir = join(home, ".pi", "agent");
    mkdirSync(agentDir, { recursive: true });
    const provider = { baseUrl: model.url, api: "openai-completions", apiKey: "sk-fake", models: [{ id: "fake", name: "fake" }] };
    writeFileSync(join(agentDir, "models.json"), `${JSON.stringify({ providers: { fake: provider } }, null, 2)}\n`);
  },
  command: () => ({ argv: [...commandFor(PI, cli.bin!), "-p", "run it", "--provider", "fake", "--model", "fake"] }),
  killAfterMs: 120_000,
  resultIn: (body, step) => toolMessage(body, chatCallId(step)),
});
const host: ShellHost = { run, via: "by the extension's tool_result handler" };

describeHost("Pi", cli, `Pi ${PI_VERSION} with omni init --pi`, () => {
  testFinishesSession(host);
  testNoisyCommandDistilled(host);
  testJsonByteIdentical(host);
});
