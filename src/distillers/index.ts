/**
 * The distiller registry, keyed by id. The id is the file name; a test checks that this map
 * and the folder agree, so a distiller cannot exist without being reachable.
 */
import type { DistillerId } from "../core/route.ts";
import generic from "./generic.ts";
import git from "./git.ts";
import readfile from "./readfile.ts";
import search from "./search.ts";
import systemOps from "./system-ops.ts";
import type { Distiller } from "./types.ts";

export const distillers: Partial<Record<DistillerId, Distiller>> = {
  generic,
  git,
  readfile,
  search,
  "system-ops": systemOps,
};

export function distillerFor(id: DistillerId): Distiller {
  return distillers[id] ?? generic;
}
