/**
 * Hook entry points. Hooks fail open: any error, bad payload or broken database means print
 * nothing and exit 0, so the host keeps its own bytes. A watchdog bounds the whole process.
 */
import { MAX_HOOK_PAYLOAD_BYTES, postToolReply } from "../hooks/post-tool.ts";
import { preCompact } from "../hooks/pre-compact.ts";
import { readStdinWithin, writeOut } from "../platform/io.ts";
import type { Env } from "../platform/paths.ts";
import { forgetReader } from "../store/ledger.ts";
import { hookDeadlineMs, openRuntime } from "./deps.ts";

export const HOOK_FLAGS = ["--post-hook", "--hook", "--pre-compact"] as const;

export async function runHookMode(flag: string, env: Env): Promise<number> {
  // Nothing a hook does may hang the host: past twice the deadline the process leaves, silent.
  setTimeout(() => process.exit(0), hookDeadlineMs(env) * 2).unref();
  let runtime: ReturnType<typeof openRuntime> | null = null;
  try {
    // An oversized payload is drained, not held: the host keeps its bytes and memory stays flat.
    const stdin = await readStdinWithin(MAX_HOOK_PAYLOAD_BYTES, () => {});
    if (stdin === null) return 0;
    runtime = openRuntime(env, true);
    const db = runtime.db;
    if (flag === "--pre-compact") {
      if (db) preCompact(stdin, (sessionId) => forgetReader(db, sessionId));
      return 0;
    }
    const reply = postToolReply(stdin, env, runtime.deps);
    if (reply !== null) writeOut(`${reply}\n`);
  } catch (error) {
    if (env.OMNI_DEBUG === "1") process.stderr.write(`[omni] hook error: ${error instanceof Error ? error.stack : String(error)}\n`);
  } finally {
    try {
      runtime?.db?.close();
    } catch {
      // closing a broken database is not the host's problem
    }
  }
  return 0;
}
