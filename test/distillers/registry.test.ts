/**
 * The distiller registry, its folder and each definition agree: one file per distiller, one key per
 * file, the key is the definition's id, and the program names that route to a distiller by name
 * are claimed once. The type checks below fail `tsc`, not this run: a definition without its
 * collapse mode, or a key whose definition names another id, does not compile.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { distillers, programOwner, type DistillerId } from "../../src/distillers/index.ts";
import { defineDistiller, type Distiller } from "../../src/distillers/types.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";

const DIR = join(REPO_ROOT, "src/distillers");

/** The distiller files: every .ts directly in src/distillers but the registry and the contract. */
function distillerFiles(): string[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith(".ts") && !["index.ts", "types.ts"].includes(file))
    .map((file) => file.slice(0, -3))
    .sort();
}

// The ids the definitions carry are exactly the DistillerId set (an `Equal` that is false does not compile).
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const idsAgree: Equal<(typeof distillers)[DistillerId]["id"], DistillerId> = true;

// A definition must state its collapse mode; it never inherits "generic" by silence.
// @ts-expect-error: `collapse` is missing
defineDistiller({ id: "unstated", describe: "no collapse mode", declined: "not recognised", distill: () => null });

describe("distiller registry", () => {
  test("lists exactly the distiller files in src/distillers", () => {
    expect(Object.keys(distillers).sort()).toEqual(distillerFiles());
  });

  test("each key holds its file's own definition, whose id is the file name", async () => {
    expect(idsAgree).toBe(true);
    for (const name of distillerFiles()) {
      const definition = (await import(join(DIR, `${name}.ts`))).default as Distiller;
      expect(definition.id).toBe(name);
      expect(distillers[name as DistillerId] === definition).toBe(true);
    }
  });

  test("states a collapse mode and a passthrough reason in every definition", () => {
    for (const distiller of Object.values(distillers)) {
      expect(distiller.collapse === null || ["test", "build", "infra", "log", "generic"].includes(distiller.collapse)).toBe(true);
      expect(distiller.declined.trim()).not.toBe("");
    }
  });

  test("lets no program route to two distillers", () => {
    const claims = Object.values(distillers).flatMap((distiller) => (distiller.programs ?? []).map((program) => [program, distiller.id]));
    const claimed = new Map<string, string[]>();
    for (const [program, id] of claims) claimed.set(program!, [...(claimed.get(program!) ?? []), id!]);
    expect([...claimed].filter(([, ids]) => ids.length > 1)).toEqual([]);
    for (const [program, ids] of claimed) expect(programOwner(program)).toBe(ids[0] as DistillerId);
  });
});
