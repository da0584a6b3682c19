/**
 * The distiller registry, keyed by id. The id is the file name; a test checks that this map
 * and the folder agree, so a distiller cannot exist without being reachable.
 */
import build from "./build.ts";
import cloud from "./cloud.ts";
import database from "./database.ts";
import generic from "./generic.ts";
import git from "./git.ts";
import jsts from "./jsts.ts";
import readfile from "./readfile.ts";
import search from "./search.ts";
import security from "./security.ts";
import systemOps from "./system-ops.ts";
import test from "./test.ts";
import type { Distiller } from "./types.ts";
import vcs from "./vcs.ts";

export const distillers = {
  build,
  cloud,
  database,
  generic,
  git,
  jsts,
  readfile,
  search,
  security,
  "system-ops": systemOps,
  test,
  vcs,
} satisfies Record<string, Distiller>;

/** Every distiller's id: the registry's keys, so an id cannot exist without its distiller. */
export type DistillerId = keyof typeof distillers;

export function distillerFor(id: DistillerId): Distiller {
  return distillers[id];
}
