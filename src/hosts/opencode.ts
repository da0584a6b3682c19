/** OpenCode: `mcp.<name>` in ~/.config/opencode/opencode.json; a local server is one command array. */
import { join } from "node:path";
import { xdgConfigHome } from "./config/shapes.ts";
import { defineMcpHost } from "./mcp-host.ts";

export const opencode = defineMcpHost({
  id: "opencode",
  flags: ["opencode"],
  label: "OpenCode",
  agentId: "opencode",
  envMarkers: ["OPENCODE", "OPENCODE_SESSION"],
  file: (context) => join(xdgConfigHome(context), "opencode", "opencode.json"),
  path: ["mcp", "omni"],
  value: (context) => ({ type: "local", command: [context.exe, "--mcp"], enabled: true, environment: { OMNI_AGENT_ID: "opencode" } }),
});
