/** Zed: `context_servers` in its settings.json (JSONC: the user's comments survive). */
import { join } from "node:path";
import { xdgConfigHome } from "./config/shapes.ts";
import { defineMcpHost } from "./mcp-host.ts";

export const zed = defineMcpHost({
  id: "zed",
  flags: ["zed"],
  label: "Zed",
  agentId: "zed",
  envMarkers: ["ZED_TERM"],
  mcpClientNames: ["Zed"],
  file: (context) => join(xdgConfigHome(context), "zed", "settings.json"),
  path: ["context_servers", "omni"],
  extra: { source: "custom" },
});
