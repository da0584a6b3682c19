/**
 * The distiller registry, keyed by id: a static import map, since the hook is one compiled
 * executable with no folder to list at run time. The id is the file name; the type of `registry`
 * rejects a key whose definition carries another id, and test/distillers/registry.test.ts checks
 * that this map and the folder agree, so a distiller cannot exist without being reachable.
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

/** Each key names the definition that carries it as its id. */
function registry<R extends { [K in keyof R]: Distiller<K & string> }>(entries: R): R {
  return entries;
}

export const distillers = registry({
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
});

/** Every distiller's id: the registry's keys, so an id cannot exist without its distiller. */
export type DistillerId = keyof typeof distillers;

export function distillerFor(id: DistillerId): Distiller<DistillerId> {
  return distillers[id];
}

/** Program name → the distiller whose definition lists it in `programs`. */
const PROGRAM_OWNERS: ReadonlyMap<string, DistillerId> = new Map(
  Object.values(distillers).flatMap((distiller) => (distiller.programs ?? []).map((program) => [program, distiller.id] as const)),
);

/** The distiller that reads `program`'s output by name alone, if one claims it. */
export function programOwner(program: string): DistillerId | undefined {
  return PROGRAM_OWNERS.get(program);
}
