/** Hermes Agent: `mcp_servers.omni` in ~/.hermes/config.yaml (comments and layout kept). */
import { join } from "node:path";
import type { HostAdapter } from "./types.ts";

export const hermes: HostAdapter = {
  id: "hermes",
  flags: ["hermes"],
  label: "Hermes Agent",
  agentId: "hermes",
  tier: "MCP-only",
  envMarkers: ["HERMES_SESSION_ID"],
  configEntries(context) {
    const file = join(context.env.HERMES_HOME || join(context.home, ".hermes"), "config.yaml");
    return [{ part: "mcp", file, format: "yaml", path: ["mcp_servers", "omni"], value: { command: context.exe, args: ["--mcp"], env: { OMNI_AGENT_ID: "hermes" } } }];
  },
};
