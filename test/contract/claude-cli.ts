/** The real Claude Code CLI (about 400 MB, installed on demand; see npm-cli.ts). */
import { type ModelStep, startFakeModel, toolResultText, toolUseId } from "./fake-anthropic.ts";
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

/**
 * One `claude -p` session in `cwd` against a fake model that makes the scripted tool call: what
 * the model was given back for that call ("" when it never got there). Killed after two minutes.
 */
export async function firstToolResult(bin: string, cwd: string, env: Record<string, string>, call: ModelStep): Promise<string> {
  const model = startFakeModel([call]);
  try {
    const child = Bun.spawn(printArgv(bin), {
      cwd,
      env: { ...env, ...fakeModelEnv(model.url) },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => child.kill(), 120_000);
    await child.exited;
    clearTimeout(timer);
  } finally {
    model.stop();
  }
  let result: { text: string } | null = null;
  for (const body of model.requests) result ??= toolResultText(body, toolUseId(0));
  return result?.text ?? "";
}
