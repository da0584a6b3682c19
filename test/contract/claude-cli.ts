/** The real Claude Code CLI (about 400 MB, installed on demand; see npm-cli.ts). */
import { ensureNpmCli } from "./npm-cli.ts";

export const CLAUDE_CODE_VERSION = "2.1.332";

export function ensureClaudeCli() {
  return ensureNpmCli({
    pkg: "@anthropic-ai/claude-code",
    version: CLAUDE_CODE_VERSION,
    bin: "claude",
    versionOf: (out) => /^(\S+) \(Claude Code\)/.exec(out)?.[1] ?? null,
  });
}

/** What the CLI needs to talk to a fake model on 127.0.0.1 and nothing else. */
export function fakeModelEnv(modelUrl: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: modelUrl,
    ANTHROPIC_API_KEY: "sk-ant-fake",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    // Root may not bypass permissions unless the CLI is told it runs in a sandbox.
    IS_SANDBOX: "1",
  };
}

/** A non-interactive run of one prompt in a permission mode, answered as JSON. */
export function printArgv(bin: string, mode = "bypassPermissions"): string[] {
  return [bin, "-p", "run it", "--output-format", "json", "--permission-mode", mode];
}
