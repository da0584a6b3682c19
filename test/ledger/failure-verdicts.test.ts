/**
 * Every failure verdict shape stays visible on repeat: a real line of each shape, inside output
 * the reader is shown twice, is delivered again the second time while the frames around it fold.
 */
import { afterEach, expect, test } from "bun:test";
import { readContent } from "../helpers/corpus.ts";
import { SHAPE_EXAMPLES } from "../helpers/failure-examples.ts";
import { FIXTURES_DIR } from "../helpers/fixtures.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ledgerRig, type LedgerRig } from "./helpers.ts";

const ARGUMENT_JS = readContent("gen-commander-help-padwidth-long", "lib/argument.js");
const OPTION_JS = readContent("gen-commander-help-padwidth-long", "lib/option.js");

let rig: LedgerRig;
afterEach(() => rig.close());

/** The whole captured line the example names. */
function exampleLine(shape: string): string {
  const { fixture, line } = SHAPE_EXAMPLES[shape]!;
  return readFileSync(join(FIXTURES_DIR, `${fixture}.txt`), "utf8")
    .split("\n")
    .find((l) => l.includes(line))!;
}

test.each(Object.keys(SHAPE_EXAMPLES))("a repeated %s line is delivered again, and the lines around it fold", (shape) => {
  rig = ledgerRig();
  const line = exampleLine(shape);
  const output = `${ARGUMENT_JS}\n${line}\n${OPTION_JS}`;
  rig.deliver(output);
  const again = rig.deliver(output).delivered;
  expect(again).toContain(`\n${line}\n`);
  expect(again.match(/lines already shown/g)!.length).toBeGreaterThanOrEqual(2);
});

test("a repeated run of a failing tool's output keeps every failure line of it", () => {
  rig = ledgerRig();
  for (const fixture of new Set(Object.values(SHAPE_EXAMPLES).map((example) => example.fixture))) {
    const text = readFileSync(join(FIXTURES_DIR, `${fixture}.txt`), "utf8");
    const shapes = Object.entries(SHAPE_EXAMPLES).filter(([, example]) => example.fixture === fixture);
    rig.deliver(text, { sessionId: fixture });
    const again = rig.deliver(text, { sessionId: fixture }).delivered;
    for (const [shape] of shapes)
      expect({ fixture, shape, kept: again.includes(exampleLine(shape)) }).toEqual({ fixture, shape, kept: true });
  }
});
