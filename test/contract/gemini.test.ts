/**
 * Contract test against the real Gemini CLI: `omni init --gemini` configures a temp HOME, the CLI
 * runs a scripted session against a fake Gemini API, and the assertions are on what the fake
 * model received. Gemini applies a BeforeTool `tool_input` rewrite, so distillation reaches it
 * through `omni exec`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { functionResponses, startFakeGemini } from "./fake-gemini.ts";
import { ensureNpmCli } from "./npm-cli.ts";
import {
  AGENTS_MD,
  DATA,
  describeHost,
  NOISY_MAKE,
  NOISY_MAKEFILE,
  PRINT_DATA,
  scriptedSession,
  testFinishesSession,
  testJsonByteIdentical,
  testNoisyCommandDistilled,
  testProjectContextInjected,
  type ShellHost,
} from "./scripted-session.ts";

export const GEMINI_CLI_VERSION = "0.61.0";
const cli = ensureNpmCli({
  pkg: "@google/gemini-cli",
  version: GEMINI_CLI_VERSION,
  bin: "gemini",
  versionOf: (out) => out.trim().split("\n").at(-1) ?? null,
});

const run = scriptedSession({
  initFlag: "--gemini",
  files: { Makefile: NOISY_MAKEFILE, "data.json": DATA, "AGENTS.md": AGENTS_MD },
  startModel: () =>
    startFakeGemini([
      { name: "run_shell_command", args: { command: NOISY_MAKE } },
      { name: "run_shell_command", args: { command: PRINT_DATA } },
    ]),
  // The user's own settings: API-key auth, which init must keep.
  configure(home) {
    mkdirSync(join(home, ".gemini"), { recursive: true });
    writeFileSync(join(home, ".gemini", "settings.json"), `{\n  "security": { "auth": { "selectedType": "gemini-api-key" } }\n}\n`);
  },
  command: (model) => ({
    argv: [cli.bin!, "-p", "run it", "--yolo"],
    env: { GEMINI_API_KEY: "fake", GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: "true" },
  }),
  killAfterMs: 120_000,
  /** The shell output the model read: Gemini wraps it as `Output: …\nProcess Group PGID: N`. */
  resultIn(body, step) {
    const response = functionResponses(body)[step];
    if (!response) return null;
    const text = String(response.output ?? "");
    const match = /Output: ([\s\S]*?)\nProcess Group PGID: \d+/.exec(text);
    if (match) return match[1]!;
    throw new Error(`unexpected shell result shape: ${text}`);
  },
});
const host: ShellHost = { run, via: "through the BeforeTool rewrite", exec: { commandLike: "make all", agentId: "gemini_cli" } };

describeHost("Gemini CLI", cli, `Gemini CLI ${GEMINI_CLI_VERSION} with omni init --gemini`, () => {
  testFinishesSession(host);
  testNoisyCommandDistilled(host);
  testProjectContextInjected(host);
  testJsonByteIdentical(host);
});
