/**
 * The layers are a lint rule: every folder of src/ is declared in eslint.config.js with the
 * layers it may import, and an import across the rule fails lint. Each case below lints a
 * throwaway file in place, so a loosened rule turns this test red.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { LAYERS } from "../../eslint.config.js";
import { REPO_ROOT } from "../helpers/sandbox.ts";

const eslint = new ESLint({ cwd: REPO_ROOT });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("layers", () => {
  test("every folder of src/ is a declared layer, and every layer a folder", () => {
    const folders = readdirSync(join(REPO_ROOT, "src")).filter((name) => statSync(join(REPO_ROOT, "src", name)).isDirectory());
    expect(folders.sort()).toEqual(Object.keys(LAYERS).sort());
    expect(readdirSync(join(REPO_ROOT, "src")).filter((name) => name.endsWith(".ts"))).toEqual([]);
  });

  const refused: Array<[string, string, string]> = [
    ["core → store", "src/core/zz-probe.ts", 'import { openDatabase } from "../store/db.ts";\nexport const probe = openDatabase;\n'],
    ["distiller → cli", "src/distillers/shared/zz-probe.ts", 'import { runCli } from "../../cli/main.ts";\nexport const probe = runCli;\n'],
    ["base → core", "src/base/zz-probe.ts", 'import { runPipeline } from "../core/pipeline.ts";\nexport const probe = runPipeline;\n'],
    ["ledger → platform", "src/ledger/zz-probe.ts", 'import { writeOut } from "../platform/io.ts";\nexport const probe = writeOut;\n'],
    [
      "store → core code",
      "src/store/zz-probe.ts",
      'import { runPipeline } from "../core/pipeline.ts";\nexport const probe = runPipeline;\n',
    ],
    ["mcp → cli", "src/mcp/tools/zz-probe.ts", 'import { runCli } from "../../cli/main.ts";\nexport const probe = runCli;\n'],
    ["hooks → mcp", "src/hooks/zz-probe.ts", 'import { startServer } from "../mcp/server.ts";\nexport const probe = startServer;\n'],
  ];
  for (const [name, file, code] of refused) {
    test(`lint refuses ${name}`, async () => {
      const messages = await restrictedImports(file, code);
      expect(messages.length).toBe(1);
      expect(messages[0]).toMatch(/may not import src\/\w+ \(layers in eslint\.config\.js/);
    });
  }

  const accepted: Array<[string, string, string]> = [
    ["core → base", "src/core/zz-probe.ts", 'import { splitLines } from "../base/lines.ts";\nexport const probe = splitLines;\n'],
    [
      "store → a core port's type",
      "src/store/zz-probe.ts",
      'import type { PipelineStore } from "../core/pipeline-types.ts";\nexport type Probe = PipelineStore;\n',
    ],
    [
      "mcp → runtime",
      "src/mcp/tools/zz-probe.ts",
      'import { openRuntime } from "../../runtime/deps.ts";\nexport const probe = openRuntime;\n',
    ],
  ];
  for (const [name, file, code] of accepted) {
    test(`lint accepts ${name}`, async () => {
      expect(await restrictedImports(file, code)).toEqual([]);
    });
  }
});
