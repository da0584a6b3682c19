/**
 * Hermes Agent, from its home (HERMES_HOME, else ~/.hermes): the omni-signal-engine plugin under
 * plugins/, and three things in config.yaml (comments and layout kept) that must all hold:
 * `plugins.enabled` names the plugin (Hermes loads no user plugin otherwise), `mcp_servers.omni`
 * runs this executable, and `compression.enabled` is on so Hermes' own compaction and omni's
 * pressure warnings line up. Compression is only switched on when the user has no setting of
 * their own: an explicit false stays false, and doctor says so.
 *
 * On the tool path the plugin sends terminal output as `{hermes_hook, command, output, returncode}`
 * and takes back `{output}`.
 */
import { join } from "node:path";
import { HERMES_PLUGIN_NAME, hermesManifestSource, hermesPluginSource } from "./hermes-plugin.ts";
import { stringField, type ToolHost } from "./types.ts";

export const hermes: ToolHost = {
  id: "hermes",
  flags: ["hermes"],
  label: "Hermes Agent",
  agentId: "hermes",
  tier: "Full",
  envMarkers: ["HERMES_SESSION_ID"],
  configEntries(context) {
    const home = context.env.HERMES_HOME || join(context.home, ".hermes");
    const plugin = join(home, "plugins", HERMES_PLUGIN_NAME);
    const config = join(home, "config.yaml");
    return [
      { part: "hook", file: join(plugin, "plugin.yaml"), format: "file", content: hermesManifestSource() },
      { part: "hook", file: join(plugin, "__init__.py"), format: "file", content: hermesPluginSource(context.exe) },
      { part: "hook", file: config, format: "yaml-item", path: ["plugins", "enabled"], item: HERMES_PLUGIN_NAME },
      {
        part: "mcp",
        file: config,
        format: "yaml",
        path: ["mcp_servers", "omni"],
        value: { command: context.exe, args: ["--mcp"], env: { OMNI_AGENT_ID: "hermes" } },
      },
      { part: "setting", file: config, format: "yaml-default", path: ["compression", "enabled"], value: true },
    ];
  },
  normalizePostTool(payload) {
    const output = stringField(payload, "output");
    const exitCode = typeof payload.returncode === "number" ? payload.returncode : null;
    return {
      tool: "Bash",
      command: stringField(payload, "command") ?? "",
      text: output,
      skipReason: output === null ? "no terminal output" : undefined,
      failed: exitCode !== null && exitCode !== 0,
      exitCode,
      sessionId: stringField(payload, "session_id"),
      subagentId: null,
      cwd: stringField(payload, "cwd"),
    };
  },
  renderPostTool: (_payload, _call, delivered) => ({ output: delivered }),
};
