/**
 * The distiller registry, keyed by id. The id is the file name; a test checks that this map
 * and the folder agree, so a distiller cannot exist without being reachable.
 */
import type { DistillerId } from "../core/route.ts";
import build from "./build.ts";
import generic from "./generic.ts";
import test from "./test.ts";
import type { Distiller } from "./types.ts";

export const distillers: Partial<Record<DistillerId, Distiller>> = {
  build,
  generic,
  test,
};

export function distillerFor(id: DistillerId): Distiller {
  return distillers[id] ?? generic;
}
