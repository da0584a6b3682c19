import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { distillers } from "../../src/distillers/index.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";

describe("distiller registry", () => {
  test("lists exactly the distiller files in src/distillers", () => {
    const files = readdirSync(join(REPO_ROOT, "src/distillers"))
      .filter((file) => file.endsWith(".ts") && !["index.ts", "types.ts"].includes(file))
      .map((file) => file.slice(0, -3))
      .sort();
    expect(Object.keys(distillers).sort()).toEqual(files);
  });

  test("keys every distiller by its own id", () => {
    for (const [key, distiller] of Object.entries(distillers)) expect(distiller!.id).toBe(key as never);
  });
});
