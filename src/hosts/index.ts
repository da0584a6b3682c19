/** The host registry. Every loop over hosts (hooks, init, doctor, reset) reads this one map. */
import { claude } from "./claude.ts";
import type { HostAdapter } from "./types.ts";

export const hosts = { claude } satisfies Record<string, HostAdapter>;

export type HostId = keyof typeof hosts;

/** Which adapter reads a payload. Claude Code's shape is the default, as hosts copy it. */
export function hostForPayload(_payload: Record<string, unknown>): HostAdapter {
  return hosts.claude;
}
