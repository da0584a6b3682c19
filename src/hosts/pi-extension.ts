/**
 * The source of the Pi extension `omni init --pi` writes. Pi has no hook config: extensions are
 * TypeScript modules it loads from ~/.pi/agent/extensions, and a `tool_result` handler may return
 * new content. This one hands the bash output to `omni --post-hook` and uses the reply, if any.
 */
export const PI_EXTENSION_HEADER = "// omni: written by `omni init --pi`; `omni init --pi --uninstall` removes this file.";

export function piExtensionSource(exe: string): string {
  return `${PI_EXTENSION_HEADER}
import { spawnSync } from "node:child_process";

const OMNI = ${JSON.stringify(exe)};

export default function omni(pi: { on(event: string, handler: (event: any, ctx: any) => unknown): void }) {
  pi.on("tool_result", (event) => {
    if (event.toolName !== "bash" || event.isError) return undefined;
    const parts = Array.isArray(event.content) ? event.content : [];
    if (parts.some((part: any) => part.type !== "text")) return undefined;
    const result = parts.map((part: any) => part.text).join("");
    const payload = JSON.stringify({ toolName: "bash", command: event.input?.command ?? "", toolResponse: { result }, isError: false });
    const child = spawnSync(OMNI, ["--post-hook"], { input: payload, encoding: "utf8", timeout: 5000, env: { ...process.env, OMNI_AGENT_ID: process.env.OMNI_AGENT_ID ?? "pi" } });
    if (child.status !== 0 || !child.stdout.trim()) return undefined;
    try {
      const reply = JSON.parse(child.stdout);
      return typeof reply.result === "string" ? { content: [{ type: "text", text: reply.result }] } : undefined;
    } catch {
      return undefined;
    }
  });
}
`;
}
