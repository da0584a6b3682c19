import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostList } from "../../src/hosts/index.ts";
import { ALL_TOOLS, DEFAULT_TOOLS, hostForClient, MCP_ONLY_TOOLS, mcpToolsLine, type ToolName } from "../../src/mcp/policy.ts";
import { toolRegistry } from "../../src/mcp/tools/index.ts";
import { putBlock, getBlock } from "../../src/store/archive.ts";
import { openDatabase } from "../../src/store/db.ts";
import { makeSandbox, REPO_ROOT, type Sandbox } from "../helpers/sandbox.ts";
import { connect, textOf, type Connected } from "./connect.ts";

let sandbox: Sandbox;
let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
  sandbox?.cleanup();
});

const HANDLE = "1a2b3c4d5e6f7a8b";
const ARCHIVED = "line one\nline two\n";
const NOISY = `node -e 'for (let i = 0; i < 300; i++) console.log("Compiling crate-" + i + " v1.0." + i); console.log("Finished release target(s) in 3.2s")'`;

/** One valid and one invalid call per tool. Invalid ones break the schema, so the SDK answers isError. */
const CALLS: Record<ToolName, { valid: Record<string, unknown>; invalid: Record<string, unknown>; expect: string }> = {
  omni_retrieve: { valid: { handle: HANDLE }, invalid: { handle: 42 }, expect: "line two" },
  omni_run: { valid: { command: NOISY }, invalid: { command: "" }, expect: "Finished release target(s) in 3.2s" },
  omni_signal_extract: { valid: { text: "compiling a\nerror: boom\nok" }, invalid: { text: "" }, expect: "error: boom" },
  omni_explain_savings: { valid: { last_n: 3 }, invalid: { last_n: 0 }, expect: "B →" },
  omni_history: { valid: { limit: 5 }, invalid: { limit: "five" }, expect: "exit 0" },
  omni_context_breakdown: { valid: {}, invalid: { days: 1000 }, expect: "runs" },
  omni_density: { valid: { text: "error: x\nplain\n" }, invalid: { words: "x" }, expect: "density" },
  omni_budget: { valid: {}, invalid: { extra: true }, expect: "" },
  omni_remember: {
    valid: { text: "The staging database ignores migrations run outside the deploy job", category: "gotcha" },
    invalid: { text: "x", category: "rumour" },
    expect: "Remembered",
  },
  omni_recall: { valid: { query: "staging migrations" }, invalid: { query: 1 }, expect: "staging database" },
  omni_knowledge: { valid: { action: "list" }, invalid: { action: "wipe" }, expect: "staging database" },
  omni_insight: { valid: {}, invalid: { tool: 3 }, expect: "" },
  omni_adaptive_insights: { valid: { days: 7 }, invalid: { days: -1 }, expect: "retrieve rate" },
  omni_handoff: { valid: {}, invalid: { format: "pdf" }, expect: "# Session handoff" },
  omni_session: { valid: { view: "health" }, invalid: { view: "everything" }, expect: "schema_version" },
  omni_search: { valid: { query: "node" }, invalid: {}, expect: "" },
  omni_query: { valid: { query: "timeline today" }, invalid: { query: 7 }, expect: "[" },
  omni_context: { valid: {}, invalid: { path: "" }, expect: "" },
  omni_agents: { valid: {}, invalid: { days: 0 }, expect: "" },
  omni_find_noise: { valid: { limit: 5 }, invalid: { limit: 500 }, expect: "" },
  omni_loop_status: { valid: {}, invalid: { loop: 1 }, expect: "" },
  omni_loop_memory: { valid: { action: "set", key: "parser", value: "uses pratt" }, invalid: { action: "drop" }, expect: "Stored parser" },
  omni_set_loop_context: {
    valid: { loop_id: "loop-1", goal: "ship the parser", budget: 100000, iteration: 0 },
    invalid: { goal: "no id" },
    expect: "Loop loop-1 set",
  },
  omni_budget_status: { valid: {}, invalid: { now: 1 }, expect: "window_tokens" },
  omni_verify: { valid: { last_n_calls: 5, criteria: ["Finished"] }, invalid: { last_n_calls: 50 }, expect: "PASS" },
};

function sizeOf(tools: unknown): number {
  return Buffer.byteLength(JSON.stringify({ tools }), "utf8");
}

describe("MCP tool registry", () => {
  test("has one file per tool and registers exactly the 25 of the policy", () => {
    const files = readdirSync(join(REPO_ROOT, "src/mcp/tools"))
      .filter((name) => name !== "index.ts")
      .map((name) => `omni_${name.replace(/\.ts$/, "").replaceAll("-", "_")}`)
      .sort();
    expect(files).toEqual([...ALL_TOOLS].sort());
    expect(Object.keys(toolRegistry).sort()).toEqual([...ALL_TOOLS].sort());
    expect(ALL_TOOLS.length).toBe(25);
  });

  test("no MCP client name belongs to two hosts", () => {
    const names = hostList.flatMap((host) => (host.mcpClientNames ?? []).map((name) => name.toLowerCase()));
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
    for (const host of hostList) for (const name of host.mcpClientNames ?? []) expect(hostForClient(name.toUpperCase())).toBe(host);
  });

  test("states the advertised set the way omni doctor prints it", () => {
    expect(mcpToolsLine({}, "claude_code")).toBe("MCP tools: 9 of 25 advertised to claude_code (OMNI_MCP_TOOLS=all restores the rest)");
    expect(mcpToolsLine({}, "cline")).toBe("MCP tools: 4 of 25 advertised to cline (OMNI_MCP_TOOLS=all restores the rest)");
    // The tier comes from the host registry: OpenCode's plugin makes it a Full host.
    expect(mcpToolsLine({}, "opencode")).toContain("9 of 25");
    expect(mcpToolsLine({ OMNI_MCP_TOOLS: "all" }, "cline")).toBe("MCP tools: all 25 advertised to cline (OMNI_MCP_TOOLS=all)");
    expect(mcpToolsLine({ OMNI_MCP_TOOLS: "everything" }, "claude_code")).toContain("9 of 25");
  });
});

describe("MCP server over the in-memory transport", () => {
  test("advertises the default nine to a Full host and prints their size", async () => {
    sandbox = makeSandbox({ OMNI_AGENT_ID: "claude_code" });
    connected = await connect(sandbox.env, sandbox.home);
    const { tools } = await connected.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...DEFAULT_TOOLS].sort());
    console.log(`default tools/list: ${tools.length} tools, ${sizeOf(tools)} bytes serialized`);
    // The listing is in every request's prefix: no SDK boilerplate, and a budget well under the 4,940 B the manual measured.
    expect(JSON.stringify(tools)).not.toContain("$schema");
    expect(JSON.stringify(tools)).not.toContain("taskSupport");
    expect(sizeOf(tools)).toBeLessThan(3_000);
    expect(tools.map((tool) => tool.name)).not.toContain("omni_auto_noise");
  });

  test("advertises the nine to an unknown host, the four to an MCP-only host, all 25 with OMNI_MCP_TOOLS=all", async () => {
    for (const [env, expected] of [
      [{ OMNI_AGENT_ID: "some_new_host" }, DEFAULT_TOOLS],
      [{ OMNI_AGENT_ID: "cursor" }, DEFAULT_TOOLS],
      [{ OMNI_AGENT_ID: "cline" }, MCP_ONLY_TOOLS],
      [{ OMNI_AGENT_ID: "cline", OMNI_MCP_TOOLS: "ALL" }, ALL_TOOLS],
    ] as const) {
      sandbox = makeSandbox(env);
      connected = await connect(sandbox.env, sandbox.home);
      const { tools } = await connected.client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...expected].sort());
      if (expected === ALL_TOOLS) console.log(`all tools/list: ${tools.length} tools, ${sizeOf(tools)} bytes serialized`);
      await connected.close();
      connected = undefined;
      sandbox.cleanup();
    }
  });

  test("picks the tier from the client's initialize name when the environment names no host; the environment wins", async () => {
    for (const [env, clientName, expected, agentId] of [
      [{}, "claude-code", DEFAULT_TOOLS, "claude_code"],
      [{}, "cursor-vscode", DEFAULT_TOOLS, "cursor"],
      [{}, "Cline", MCP_ONLY_TOOLS, "cline"],
      [{}, "roo-code", MCP_ONLY_TOOLS, "roo_code"],
      [{}, "Visual Studio Code", MCP_ONLY_TOOLS, "vscode"],
      [{}, "Zed", MCP_ONLY_TOOLS, "zed"],
      // An MCP client is a model's tool: one nobody knows is recorded `unknown` (model-facing), never `terminal`.
      [{}, "a-client-nobody-knows", DEFAULT_TOOLS, "unknown"],
      [{ OMNI_AGENT_ID: "claude_code" }, "Cline", DEFAULT_TOOLS, "claude_code"],
      [{ CLINE_TASK_ID: "t1" }, "claude-code", MCP_ONLY_TOOLS, "cline"],
      [{ OMNI_MCP_TOOLS: "all" }, "Cline", ALL_TOOLS, "cline"],
    ] as const) {
      sandbox = makeSandbox(env);
      connected = await connect(sandbox.env, sandbox.home, clientName);
      const { tools } = await connected.client.listTools();
      expect({ clientName, env, tools: tools.map((tool) => tool.name).sort() }).toEqual({ clientName, env, tools: [...expected].sort() });
      // Rows the server records name the host the client turned out to be.
      expect({ clientName, agentId: connected.ctx.agentId }).toEqual({ clientName, agentId });
      await connected.close();
      connected = undefined;
      sandbox.cleanup();
    }
  });

  test("a tool registered for another client's tier is not callable by this client", async () => {
    for (const [clientName, hidden] of [
      ["Cline", "omni_run"],
      ["claude-code", "omni_knowledge"],
    ] as const) {
      sandbox = makeSandbox();
      connected = await connect(sandbox.env, sandbox.home, clientName);
      const result = await connected.client.callTool({
        name: hidden,
        arguments: hidden === "omni_run" ? { command: "echo ran" } : { action: "list" },
      });
      expect({ clientName, isError: result.isError, text: textOf(result) }).toEqual({
        clientName,
        isError: true,
        text: `Tool ${hidden} not found`,
      });
      await connected.close();
      connected = undefined;
      sandbox.cleanup();
    }
  });

  test("answers every tool once with valid input and once with invalid input as isError, never a protocol error", async () => {
    sandbox = makeSandbox({ OMNI_MCP_TOOLS: "all", OMNI_LOOP_ID: "loop-0" });
    const db = openDatabase(sandbox.dbPath);
    putBlock(db, HANDLE, ARCHIVED, ARCHIVED.length, Math.floor(Date.now() / 1000));
    db.close();
    connected = await connect(sandbox.env, sandbox.home);
    // Order matters: omni_run records a run, omni_remember stores the fact recall then finds.
    for (const name of ALL_TOOLS) {
      const { valid, invalid, expect: expected } = CALLS[name];
      const good = await connected.client.callTool({ name, arguments: valid });
      expect({ name, isError: good.isError ?? false, text: textOf(good) }).toMatchObject({ name, isError: false });
      expect(textOf(good)).toContain(expected);
      const bad = await connected.client.callTool({ name, arguments: invalid });
      expect({ name, isError: bad.isError }).toEqual({ name, isError: true });
      expect(textOf(bad).length).toBeGreaterThan(10);
    }
  });

  test("retrieve returns the archived bytes exactly and counts the pull", async () => {
    sandbox = makeSandbox();
    const db = openDatabase(sandbox.dbPath);
    putBlock(db, HANDLE, ARCHIVED, ARCHIVED.length, Math.floor(Date.now() / 1000));
    connected = await connect(sandbox.env, sandbox.home);
    const result = await connected.client.callTool({ name: "omni_retrieve", arguments: { handle: `omni_retrieve("${HANDLE}")` } });
    expect(textOf(result)).toBe(ARCHIVED);
    expect(getBlock(db, HANDLE)?.retrieved).toBe(1);
    const missing = await connected.client.callTool({ name: "omni_retrieve", arguments: { handle: "ffffffffffffffff" } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain("No archived block for handle ffffffffffffffff");
    db.close();
  });

  test("omni_run stops a command past OMNI_RUN_TIMEOUT_SECS with a sentence naming it", async () => {
    sandbox = makeSandbox({ OMNI_RUN_TIMEOUT_SECS: "1" });
    connected = await connect(sandbox.env, sandbox.home);
    const started = Date.now();
    const result = await connected.client.callTool({ name: "omni_run", arguments: { command: "sleep 5" } });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("`sleep 5` did not finish within 1s and was stopped; raise OMNI_RUN_TIMEOUT_SECS or run it in a terminal.");
  });

  test("omni_run does not block the server: another call is answered while the command runs", async () => {
    sandbox = makeSandbox();
    connected = await connect(sandbox.env, sandbox.home);
    const order: string[] = [];
    const run = connected.client.callTool({ name: "omni_run", arguments: { command: "sleep 1; echo slept" } }).then((result) => {
      order.push("omni_run");
      return result;
    });
    // Give the server the run request first, so the next call queues behind it if the run blocks.
    await Bun.sleep(100);
    const recall = await connected.client.callTool({ name: "omni_recall", arguments: { query: "anything" } });
    order.push("omni_recall");
    expect(recall.isError ?? false).toBe(false);
    expect(textOf(await run)).toBe("slept\n[exit 0]");
    expect(order).toEqual(["omni_recall", "omni_run"]);
  });

  test("omni_run passes a failing command's output through with its exit code", async () => {
    sandbox = makeSandbox();
    connected = await connect(sandbox.env, sandbox.home);
    const result = await connected.client.callTool({ name: "omni_run", arguments: { command: "echo 'error: it broke'; exit 3" } });
    expect(result.isError ?? false).toBe(false);
    expect(textOf(result)).toBe("error: it broke\n[exit 3]");
  });

  test("a tool that is not advertised is not callable", async () => {
    sandbox = makeSandbox();
    connected = await connect(sandbox.env, sandbox.home);
    for (const name of ["omni_handoff", "omni_auto_noise"]) {
      const result = await connected.client.callTool({ name, arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(`Tool ${name} not found`);
    }
  });

  test("an unexpected error keeps its actionable sentence: the client reads the cause and the fix, and which tool failed", async () => {
    sandbox = makeSandbox();
    const real = join(sandbox.home, "real.db");
    writeFileSync(real, "");
    const link = join(sandbox.home, "link.db");
    symlinkSync(real, link);
    connected = await connect({ ...sandbox.env, OMNI_DB_PATH: link }, sandbox.home);
    for (const [name, args] of [
      ["omni_history", { limit: 5 }],
      ["omni_retrieve", { handle: HANDLE }],
    ] as const) {
      const result = await connected.client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        `${name} failed: refusing ${link}: it is a symlink, and omni does not follow one to its database; remove it (omni makes a fresh database) or point OMNI_DB_PATH at the real file. Check \`omni doctor\`.`,
      );
    }
  });
});
