import type { ToolRegistrar } from "../compact-list.ts";
import { z } from "zod";
import { distillCaptured } from "../../runtime/deliver.ts";
import { openRuntime } from "../../runtime/deps.ts";
import { decodeUtf8 } from "../../platform/io.ts";
import { runCommandAsync } from "../../platform/process.ts";
import type { ToolContext } from "../context.ts";
import { guarded, ToolFailure } from "../result.ts";

const DEFAULT_RUN_TIMEOUT_SECS = 60;

function runTimeoutSecs(env: Record<string, string | undefined>): number {
  const parsed = Number(env.OMNI_RUN_TIMEOUT_SECS);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_RUN_TIMEOUT_SECS;
}

export function registerRunTool(server: ToolRegistrar, ctx: ToolContext): void {
  server.registerTool(
    "omni_run",
    {
      description: "Run a shell command in the project and get its output distilled (failures kept whole, noise archived behind a handle).",
      inputSchema: z.strictObject({ command: z.string().min(1).describe("shell command, run by sh -c") }),
    },
    // Async: the server keeps answering other calls while the command runs.
    guarded("omni_run", async ({ command }) => {
      const timeoutSecs = runTimeoutSecs(ctx.env);
      const result = await runCommandAsync([command], { cwd: ctx.cwd, timeoutMs: timeoutSecs * 1000 });
      if (result.spawnError === "timed out")
        throw new ToolFailure(
          `\`${command}\` did not finish within ${timeoutSecs}s and was stopped; raise OMNI_RUN_TIMEOUT_SECS or run it in a terminal.`,
        );
      if (result.spawnError) throw new ToolFailure(`\`${command}\` could not be started: ${result.spawnError}.`);
      const text = decodeUtf8(result.output);
      if (text === null) return `[binary output, ${result.output.length} bytes, not shown]\n[exit ${result.exitCode}]`;
      const runtime = openRuntime(ctx.env);
      try {
        const distilled = distillCaptured(
          { text, command, exitCode: result.exitCode, agentId: ctx.agentId, sessionId: null, entry: "mcp", env: ctx.env, cwd: ctx.cwd },
          runtime,
        );
        return `${distilled.delivered}${distilled.delivered.endsWith("\n") || distilled.delivered === "" ? "" : "\n"}[exit ${result.exitCode}]`;
      } finally {
        runtime.db?.close();
      }
    }),
  );
}
