/**
 * External arms: other tools' filters, run over the same bytes. Each is off unless its variable
 * names a program, so CI never needs one. The program reads the raw output on stdin and prints
 * its filtered form; the command is in OMNI_BENCH_COMMAND (wrap a peer's own CLI in a small
 * script when it wants another calling convention). A peer that fails or prints nothing
 * counts as passing the bytes through.
 */
import { filterThrough } from "../platform/process.ts";
import type { Env } from "../platform/paths.ts";

export interface Peer {
  id: string;
  program: string;
}

/** One variable per peer (SPEC §9 names). */
const PEER_VARIABLES: ReadonlyArray<[id: string, variable: string]> = [
  ["rtk", "OMNI_BENCH_RTK"],
  ["lean-ctx", "OMNI_BENCH_LEANCTX"],
  ["caveman", "OMNI_BENCH_CAVEMAN"],
  ["headroom", "OMNI_BENCH_HEADROOM"],
];

const PEER_TIMEOUT_MS = 60_000;

export function peersFromEnv(env: Env): Peer[] {
  return PEER_VARIABLES.flatMap(([id, variable]) => {
    const program = env[variable]?.trim();
    return program ? [{ id, program }] : [];
  });
}

export function runPeer(peer: Peer, text: string, command: string, env: Env): string {
  return filterThrough([peer.program], text, { PATH: env.PATH, HOME: env.HOME, OMNI_BENCH_COMMAND: command }, PEER_TIMEOUT_MS) ?? text;
}
