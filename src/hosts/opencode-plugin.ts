/**
 * The source of the OpenCode plugin `omni init --opencode` writes. OpenCode loads plugins from
 * ~/.config/opencode/plugins; a `tool.execute.before` hook may change a bash call's arguments, so
 * this one asks `omni --pre-hook` for the same rewrite every host gets and applies it.
 */
export const OPENCODE_PLUGIN_HEADER = "// omni: written by `omni init --opencode`; `omni init --opencode --uninstall` removes this file.";

export function opencodePluginSource(exe: string): string {
  return `${OPENCODE_PLUGIN_HEADER}
import { spawnSync } from "node:child_process";

const OMNI = ${JSON.stringify(exe)};

export const OmniPlugin = async ({ directory }: { directory?: string }) => ({
  "tool.execute.before": async (input: { tool: string; sessionID?: string }, output: { args: Record<string, unknown> }) => {
    if (input.tool !== "bash" || typeof output.args?.command !== "string") return;
    const payload = JSON.stringify({ hook_event_name: "PreToolUse", omni_host: "opencode", tool_name: "Bash", tool_input: output.args, session_id: input.sessionID, cwd: directory });
    const child = spawnSync(OMNI, ["--pre-hook"], { input: payload, encoding: "utf8", timeout: 5000, env: { ...process.env, OMNI_AGENT_ID: process.env.OMNI_AGENT_ID ?? "opencode" } });
    if (child.status !== 0 || !child.stdout.trim()) return;
    try {
      const command = JSON.parse(child.stdout)?.hookSpecificOutput?.updatedInput?.command;
      if (typeof command === "string") output.args.command = command;
    } catch {
      // A reply omni could not give leaves the command as it was.
    }
  },
});
`;
}
