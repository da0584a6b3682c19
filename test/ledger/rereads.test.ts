/**
 * Real reading patterns: files re-read after other files, a byte-identical re-read after a
 * different file, and a re-read after an edit the session really made.
 */
import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { failureLines } from "../../src/base/failure.ts";
import { splitInclusive } from "../../src/base/lines.ts";
import { getBlock } from "../../src/store/archive.ts";
import { readContent, sessionPayloads } from "../helpers/corpus.ts";
import { FIXTURES_DIR } from "../helpers/fixtures.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";
import { measureRereads } from "../helpers/rereads.ts";
import { expandFolds, handlesIn, ledgerRig, type LedgerRig } from "./helpers.ts";

let rig: LedgerRig | null = null;
afterEach(() => rig?.close());

test("twelve real source files read, then re-read: the re-reads cost at most 10% of their bytes", () => {
  const rereads = measureRereads();
  const bytes = rereads.reduce((sum, r) => sum + r.bytes, 0);
  const reread = rereads.reduce((sum, r) => sum + r.rereadBytes, 0);
  expect(rereads.every((r) => r.firstBytes === r.bytes)).toBe(true);
  expect(reread * 10).toBeLessThanOrEqual(bytes);
  // Each one is the whole-file marker: nothing read in between splits it.
  for (const r of rereads)
    expect({ path: r.path, reread: r.reread }).toEqual({
      path: r.path,
      reread: expect.stringMatching(/^\[OMNI: identical to the \d+ lines already shown, omni retrieve [0-9a-f]{16}\]$/),
    });
});

test("a byte-identical re-read after reading a different file is one marker that gives the file back", () => {
  rig = ledgerRig();
  const utils = readContent("gen-ufo-query-encoding-long", "/repo/ufo/src/utils.ts");
  const query = readContent("gen-ufo-query-encoding-long", "/repo/ufo/src/query.ts");
  const read = (path: string, text: string) => rig!.deliver(text, { tool: "Read", command: path });
  read("/repo/ufo/src/utils.ts", utils);
  read("/repo/ufo/src/query.ts", query);
  const again = read("/repo/ufo/src/utils.ts", utils).delivered;
  expect(again).toMatch(/^\[OMNI: identical to the \d+ lines already shown, omni retrieve [0-9a-f]{16}\]$/);
  expect(getBlock(rig.db, handlesIn(again)[0]!)!.content).toBe(utils);
});

test("a saved test log re-read unchanged is one marker, failure lines and all; a log that changed keeps them visible", () => {
  rig = ledgerRig();
  // A real pytest run, as the file an agent saved it to (`pytest > test-output.txt`) and then read.
  const log = readFileSync(join(FIXTURES_DIR, "test/pytest_fail_chunked.txt"), "utf8").replace(/\n$/, "");
  const read = (text: string) => rig!.deliver(text, { tool: "Read", command: "/repo/more-itertools/test-output.txt" });
  read(log);
  rig.deliver(readContent("gen-ufo-query-encoding-long", "/repo/ufo/src/query.ts"), { tool: "Read", command: "/repo/ufo/src/query.ts" });
  expect(read(log).delivered).toMatch(/^\[OMNI: identical to the \d+ lines already shown, omni retrieve [0-9a-f]{16}\]$/);
  // The next run's log differs in its timing line: not the file the reader holds, so its failures stay visible.
  const next = log.replace(/ in \d+\.\d+s/, " in 9.99s");
  const rerun = read(next).delivered;
  expect(rerun).toContain("already shown");
  for (const line of failureLines(next)) expect(rerun).toContain(line);
});

test("a 218 KB Read, re-read unchanged, folds to markers only, and every byte comes back", () => {
  rig = ledgerRig();
  // TypeScript's own lib.es5.d.ts, 218 KB: over the old 64 KiB block cap, under today's.
  const path = join(REPO_ROOT, "node_modules/typescript/lib/lib.es5.d.ts");
  const source = readFileSync(path, "utf8");
  const read = () => rig!.deliver(source, { tool: "Read", command: path });
  expect(read().changed).toBe(false);
  const again = read();
  const markers = splitInclusive(again.delivered);
  expect(markers.length).toBeGreaterThanOrEqual(1);
  expect(
    markers.every((line) => /^\[OMNI: (?:identical to the )?\d+ lines already shown, omni retrieve [0-9a-f]{16}\]\n?$/.test(line)),
  ).toBe(true);
  expect(expandFolds(rig.db, again.delivered)).toBe(source);
});

test("after an edit, a re-read folds the unchanged head and tail and shows the changed region whole", () => {
  rig = ledgerRig();
  const path = "/repo/ufo/src/utils.ts";
  const before = readContent("gen-ufo-trailing-slash-bugfix", path);
  // The session's own first edit of the file.
  const edit = sessionPayloads("gen-ufo-trailing-slash-bugfix").find(
    (p) => p.tool_name === "Edit" && (p.tool_input as { file_path: string }).file_path === path,
  )!.tool_input as { old_string: string; new_string: string };
  const after = before.replace(edit.old_string, edit.new_string);
  expect(after).not.toBe(before);
  rig.deliver(before, { tool: "Read", command: path });
  const reread = rig.deliver(after, { tool: "Read", command: path });
  const lines = splitInclusive(reread.delivered);
  expect(lines[0]).toMatch(/^\[OMNI: \d+ lines already shown, omni retrieve [0-9a-f]{16}\]\n$/);
  expect(lines.at(-1)).toMatch(/^\[OMNI: \d+ lines already shown, omni retrieve [0-9a-f]{16}\]$/);
  expect(lines.length).toBeLessThan(20);
  // The changed lines are there whole, between the two folds, and the folds give back the rest.
  for (const line of edit.new_string.split("\n")) expect(reread.delivered).toContain(line);
  expect(expandFolds(rig.db, reread.delivered)).toBe(after);
  expect(reread.lineShift).toBe(splitInclusive(getBlock(rig.db, handlesIn(lines[0]!)[0]!)!.content).length - 1);
});
