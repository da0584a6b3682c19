/** Shared pieces for the stress tests: real payloads, scale, async spawning of the built executable. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { OMNI_EXE, SHARED } from "../helpers/sandbox.ts";

/** `bun run test:stress` sets OMNI_STRESS=full; `npm test` runs the CI-sized versions. */
export const FULL = process.env.OMNI_STRESS === "full";

/** Every payload line of the replay corpus, in file order (real PostToolUse payloads). */
export function corpusPayloads(): string[] {
  const dir = join(SHARED, "corpus/sessions");
  return readdirSync(dir)
    .sort()
    .flatMap((file) => readFileSync(join(dir, file), "utf8").split("\n"))
    .filter((line) => line.trim() !== "");
}

export interface Ran {
  exitCode: number;
  stdout: string;
}

export async function runHook(payload: string | Uint8Array, env: Record<string, string>, args = ["--post-hook"]): Promise<Ran> {
  const child = Bun.spawn([OMNI_EXE, ...args], {
    env,
    stdin: typeof payload === "string" ? Buffer.from(payload) : payload,
    stdout: "pipe",
    stderr: "ignore",
  });
  const [stdout, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  return { exitCode, stdout };
}

/** A hook reply is either nothing (the host keeps its bytes) or one JSON object the host validates. */
export function isValidReply(stdout: string): boolean {
  if (stdout === "") return true;
  try {
    const reply = JSON.parse(stdout);
    return typeof reply === "object" && reply !== null && typeof reply.hookSpecificOutput === "object";
  } catch {
    return false;
  }
}

export function handlesIn(text: string): string[] {
  return [...text.matchAll(/omni retrieve ([0-9a-f]{16})/g)].map((m) => m[1]!);
}

/**
 * What the reader gets: the replaced text from a reply, or the original when the hook printed
 * nothing or replied with additionalContext alone (a context-pressure notice leaves the output as it was).
 */
export function deliveredText(stdout: string, original: string): string {
  if (stdout === "") return original;
  const output = JSON.parse(stdout).hookSpecificOutput.updatedToolOutput;
  if (output === undefined) return original;
  return output.file?.content ?? output.stdout ?? output.content ?? output.result ?? original;
}
