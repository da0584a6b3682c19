/**
 * The distiller registry, keyed by id. The id is the file name; a test checks that this map
 * and the folder agree, so a distiller cannot exist without being reachable.
 */
import type { DistillerId } from "../core/route.ts";
import cloud from "./cloud.ts";
import database from "./database.ts";
import generic from "./generic.ts";
import jsts from "./jsts.ts";
import security from "./security.ts";
import type { Distiller } from "./types.ts";
import vcs from "./vcs.ts";

export const distillers: Partial<Record<DistillerId, Distiller>> = {
  cloud,
  database,
  generic,
  jsts,
  security,
  vcs,
};

export function distillerFor(id: DistillerId): Distiller {
  return distillers[id] ?? generic;
}
