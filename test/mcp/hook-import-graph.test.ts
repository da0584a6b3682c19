import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { makeSandbox, REPO_ROOT } from "../helpers/sandbox.ts";

/**
 * The hook path must never load the MCP SDK or zod: they cost start-up on every tool call. The
 * walk follows static imports only from the entry; `import()` is lazy and evaluated on demand.
 */
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^;]*?from\s+)?["']([^"']+)["']/gm;

function staticGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const specifiers = [
      ...readFileSync(file, "utf8")
        .replace(/^\s*import type .*$/gm, "")
        .matchAll(STATIC_IMPORT),
    ].map((m) => m[1]!);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (existsSync(target)) queue.push(target);
    }
  }
  return graph;
}

function packagesReached(entry: string): string[] {
  const reached: string[] = [];
  for (const [file, specifiers] of staticGraph(entry)) {
    for (const specifier of specifiers)
      if (specifier.startsWith("@modelcontextprotocol/") || specifier === "zod")
        reached.push(`${relative(REPO_ROOT, file)} → ${specifier}`);
  }
  return reached;
}

describe("hook import graph", () => {
  test("the executable's entry reaches neither the MCP SDK nor zod through static imports", () => {
    expect(packagesReached(join(REPO_ROOT, "src/cli/main.ts"))).toEqual([]);
  });

  test("the walk does see the SDK from the MCP entry, so the check above can fail", () => {
    expect(packagesReached(join(REPO_ROOT, "src/mcp/stdio.ts")).length).toBeGreaterThan(0);
  });
});

describe("hook modules at run time", () => {
  const payload = JSON.stringify({
    session_id: "s1",
    cwd: REPO_ROOT,
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
    tool_response: { stdout: "a\nb\n", stderr: "", interrupted: false, isImage: false },
  });

  function run(args: string[], stdin: string, sandboxEnv: Record<string, string>): string {
    const child = Bun.spawnSync(
      [process.execPath, "--preload", join(REPO_ROOT, "test/helpers/trace-sdk-loads.ts"), join(REPO_ROOT, "src/cli/main.ts"), ...args],
      { env: sandboxEnv, stdin: Buffer.from(stdin), stderr: "pipe", stdout: "pipe" },
    );
    return Buffer.from(child.stderr).toString("utf8");
  }

  test("a post-hook evaluates no SDK or zod module, while --mcp does", () => {
    const sandbox = makeSandbox();
    try {
      expect(run(["--post-hook"], payload, sandbox.env)).not.toContain("LOADED");
      expect(run(["--mcp"], "", sandbox.env)).toContain("LOADED");
    } finally {
      sandbox.cleanup();
    }
  });
});
