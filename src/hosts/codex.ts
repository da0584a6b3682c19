/**
 * Codex CLI: Claude-style hooks in ~/.codex/hooks.json, the MCP server as a [mcp_servers.omni]
 * table in config.toml. Measured on 0.171.0: its shell tool reaches hooks as `Bash`, a PreToolUse
 * `updatedInput` rewrite is applied, and a PostToolUse `updatedToolOutput` fails the hook (its
 * tool_response is a bare string), so distillation goes through the rewrite into `omni exec`
 * and no PostToolUse hook is installed. Codex skips hooks nobody trusted; doctor checks the trust
 * records (codex-trust.ts).
 */
import { join } from "node:path";
import { groupedHooks } from "./config/shapes.ts";
import { claude } from "./claude.ts";
import { codexTrustProblems } from "./codex-trust.ts";
import { codexPermissionRules } from "./other-permissions.ts";
import type { HostAdapter, InstallContext } from "./types.ts";

function codexHome(context: InstallContext): string {
  return context.env.CODEX_HOME || join(context.home, ".codex");
}

export const codex: HostAdapter = {
  id: "codex",
  flags: ["codex"],
  label: "Codex CLI",
  agentId: "codex_cli",
  tier: "Full",
  envMarkers: ["CODEX_SESSION", "CODEX_SANDBOX", "CODEX_HOME_SESSION"],
  mcpClientNames: ["codex-mcp-client"],
  note: "Codex runs only hooks it has been told to trust and skips the rest silently: start codex once and approve them under “Hooks need review” (/hooks). omni doctor keeps failing until you do. It sees that a trust record exists, not that it matches the hook as it is now: after an init that moved omni, approve the hooks again.",
  configEntries(context) {
    const home = codexHome(context);
    return [
      ...groupedHooks(join(home, "hooks.json"), context.exe, [
        { event: "PreToolUse", matcher: "Bash", flag: "--pre-hook" },
        { event: "SessionStart", flag: "--session-start" },
      ]),
      {
        part: "mcp",
        file: join(home, "config.toml"),
        format: "toml",
        table: ["mcp_servers", "omni"],
        value: { command: context.exe, args: ["--mcp"], env: { OMNI_AGENT_ID: "codex_cli" } },
      },
    ];
  },
  doctorProblems(context) {
    return codexTrustProblems(this.configEntries(context), join(codexHome(context), "config.toml"));
  },
  // Measured: Codex fails the hook when a rewrite carries no decision, so a rewrite the gateway
  // does not answer "allow" is not made at all; the command runs as the model wrote it.
  renderPreTool(updatedInput, reason, permission = "host") {
    if (updatedInput !== null && permission !== "allow") return null;
    return claude.renderPreTool!(updatedInput, reason, "allow");
  },
  permissionRules: codexPermissionRules,
};
