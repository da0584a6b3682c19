import { afterEach, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { DEFAULT_TOOLS, MCP_ONLY_TOOLS } from "../../src/mcp/policy.ts";
import { makeSandbox, OMNI_EXE, type Sandbox } from "../helpers/sandbox.ts";
import { textOf } from "./connect.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

async function spawnClient(env: Record<string, string>, clientName = "stdio-test"): Promise<Client> {
  const client = new Client({ name: clientName, version: "1" });
  await client.connect(new StdioClientTransport({ command: OMNI_EXE, args: ["--mcp"], env, cwd: sandbox.home, stderr: "pipe" }));
  return client;
}

describe("omni --mcp over stdio", () => {
  test("lists 9 tools by default, 4 to an MCP-only host and 25 with OMNI_MCP_TOOLS=all", async () => {
    for (const [extra, count] of [
      [{}, 9],
      [{ OMNI_AGENT_ID: "cline" }, 4],
      [{ OMNI_MCP_TOOLS: "all" }, 25],
    ] as const) {
      sandbox = makeSandbox(extra);
      const client = await spawnClient(sandbox.env);
      const { tools } = await client.listTools();
      expect(tools.length).toBe(count);
      if (count === 9) {
        expect(tools.map((tool) => tool.name).sort()).toEqual([...DEFAULT_TOOLS].sort());
        console.log(`stdio default tools/list: ${Buffer.byteLength(JSON.stringify({ tools }), "utf8")} bytes serialized`);
      }
      await client.close();
      sandbox.cleanup();
    }
  });

  test("advertises the four to a client that names itself Cline, when the environment names no host", async () => {
    sandbox = makeSandbox();
    const client = await spawnClient(sandbox.env, "Cline");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_ONLY_TOOLS].sort());
    await client.close();
  });

  test("the built server answers omni_recall while an omni_run command is still sleeping", async () => {
    sandbox = makeSandbox();
    const client = await spawnClient(sandbox.env);
    const order: string[] = [];
    const run = client.callTool({ name: "omni_run", arguments: { command: "sleep 1; echo slept" } }).then((result) => {
      order.push("omni_run");
      return result;
    });
    await Bun.sleep(100);
    await client.callTool({ name: "omni_recall", arguments: { query: "anything" } });
    order.push("omni_recall");
    expect(textOf(await run)).toBe("slept\n[exit 0]");
    expect(order).toEqual(["omni_recall", "omni_run"]);
    await client.close();
  });

  test("remembers a fact in one server process and recalls it from the next", async () => {
    sandbox = makeSandbox();
    const first = await spawnClient(sandbox.env);
    const stored = await first.callTool({
      name: "omni_remember",
      arguments: { text: "Deploys go through the release branch only", category: "decision" },
    });
    expect(stored.isError ?? false).toBe(false);
    await first.close();
    const second = await spawnClient(sandbox.env);
    const recalled = await second.callTool({ name: "omni_recall", arguments: { query: "how do deploys work" } });
    expect(textOf(recalled)).toContain("Deploys go through the release branch only");
    await second.close();
  });
});
