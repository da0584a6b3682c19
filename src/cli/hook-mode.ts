/**
 * Hook entry points. Hooks fail open: any error, bad payload or broken database means print
 * nothing and exit 0, so the host keeps its own bytes. A watchdog bounds the whole process.
 */
import type { CanonicalEvent } from "../hooks/dispatch.ts";
import { hookReply, MAX_HOOK_PAYLOAD_BYTES } from "../hooks/reply.ts";
import { readStdinWithin, writeOut } from "../platform/io.ts";
import type { Env } from "../platform/paths.ts";
import { selfExecutable } from "../platform/self.ts";
import { hookDeadlineMs, openRuntime } from "../runtime/deps.ts";

/** Room for process start-up and the reply write beyond the deadline and one lock wait. */
const WATCHDOG_MARGIN_MS = 500;

/** Each flag and the event it means when the payload does not name one. */
const FLAG_EVENTS: Record<string, CanonicalEvent> = {
  "--post-hook": "PostToolUse",
  "--hook": "PostToolUse",
  "--pre-hook": "PreToolUse",
  "--session-start": "SessionStart",
  "--before-agent-start": "SessionStart",
  "--session-end": "SessionEnd",
  "--pre-compact": "PreCompact",
};

export const HOOK_FLAGS = Object.keys(FLAG_EVENTS);

export async function runHookMode(flag: string, env: Env): Promise<number> {
  // Nothing a hook does may hang the host: past the deadline plus one lock wait (as long as the
  // deadline, see openRuntime) and a margin, the process leaves, silent (the host keeps its bytes).
  setTimeout(() => process.exit(0), 2 * hookDeadlineMs(env) + WATCHDOG_MARGIN_MS).unref();
  let runtime: ReturnType<typeof openRuntime> | null = null;
  try {
    // An oversized payload is drained, not held: the host keeps its bytes and memory stays flat.
    const stdin = await readStdinWithin(MAX_HOOK_PAYLOAD_BYTES, () => {});
    if (stdin === null) return 0;
    runtime = openRuntime(env, true);
    const afterReply: Array<() => void> = [];
    const reply = hookReply(
      stdin,
      { env, db: runtime.db, deps: runtime.deps, exe: selfExecutable(env), afterReply },
      FLAG_EVENTS[flag] ?? "PostToolUse",
    );
    // Two writes, not one concatenation: a megabyte reply is not copied once more to add "\n".
    if (reply !== null && reply !== undefined) {
      writeOut(JSON.stringify(reply));
      writeOut("\n");
    }
    for (const work of afterReply) work();
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
