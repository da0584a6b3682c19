/** The real Claude Code CLI (about 400 MB, installed on demand; see npm-cli.ts). */
import { ensureNpmCli } from "./npm-cli.ts";

export const CLAUDE_CODE_VERSION = "2.1.332";

export function ensureClaudeCli() {
  return ensureNpmCli({ pkg: "@anthropic-ai/claude-code", version: CLAUDE_CODE_VERSION, bin: "claude", versionOf: (out) => /^(\S+) \(Claude Code\)/.exec(out)?.[1] ?? null });
}
