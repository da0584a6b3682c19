/** The absolute path of this omni executable: what init writes into hosts and the pre-hook rewrites to. */
import { basename, resolve } from "node:path";
import type { Env } from "./paths.ts";

export function selfExecutable(env: Env = process.env): string {
  if (env.OMNI_BIN) return resolve(env.OMNI_BIN);
  // Running from sources (`bun src/cli/main.ts`), execPath is bun itself: use the launcher.
  if (basename(process.execPath).startsWith("bun")) return resolve(import.meta.dir, "../../bin/omni");
  return process.execPath;
}
