/** VS Code (Copilot agent mode): `servers` in the user mcp.json; `--all` also writes ./.vscode/mcp.json. */
import { join } from "node:path";
import { vscodeUserDir } from "./config/shapes.ts";
import { defineMcpHost } from "./mcp-host.ts";

const server = (exe: string) => ({ type: "stdio", command: exe, args: ["--mcp"], env: { OMNI_AGENT_ID: "vscode" } });

export const vscode = defineMcpHost({
  id: "vscode",
  flags: ["vscode"],
  label: "VS Code",
  agentId: "vscode",
  envMarkers: ["VSCODE_PID"],
  mcpClientNames: ["Visual Studio Code", "Visual-Studio-Code"],
  file: (context) => join(vscodeUserDir(context), "mcp.json"),
  path: ["servers", "omni"],
  value: (context) => server(context.exe),
  more: (context) =>
    context.workspace
      ? [
          {
            part: "mcp",
            file: join(context.cwd, ".vscode", "mcp.json"),
            format: "json",
            path: ["servers", "omni"],
            value: server(context.exe),
          },
        ]
      : [],
});
