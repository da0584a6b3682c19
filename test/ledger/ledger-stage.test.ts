/**
 * The ledger's two steps inside the pipeline (src/core/ledger-stage.ts) at their gates: no
 * session, the ledger stage switched off, a distilled view that is a structured document, the
 * source label a shell command never carries, a source file's lines stating no failure, and what
 * a declined archive write still records as delivered.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { distillers } from "../../src/distillers/index.ts";
import { defineDistiller } from "../../src/distillers/types.ts";
import type { FoldRow } from "../../src/ledger/types.ts";
import { ledgerRig, type LedgerRig } from "./helpers.ts";

const NOISE = Array.from({ length: 120 }, (_, i) => `Downloading package-${i} v1.${i}.0`).join("\n") + "\nDone: 120 packages ready\n";
const real = { generic: distillers.generic, readfile: distillers.readfile };

let rig: LedgerRig | null = null;
afterEach(() => {
  rig?.close();
  rig = null;
  distillers.generic = real.generic;
  distillers.readfile = real.readfile;
});

describe("ledger stage gates", () => {
  test("no session id, no ledger: a repeat is delivered whole, and nothing fails on the way", () => {
    rig = ledgerRig();
    const log: string[] = [];
    rig.deliver(NOISE, { sessionId: undefined }, { log: (line) => log.push(line) });
    const again = rig.deliver(NOISE, { sessionId: undefined }, { log: (line) => log.push(line) });
    expect(again.delivered).toBe(NOISE);
    expect(log).toEqual([]);
  });

  test("with the ledger stage off a repeat is delivered whole", () => {
    rig = ledgerRig();
    rig.deliver(NOISE);
    expect(rig.deliver(NOISE, {}, { stages: { ledger: false } }).delivered).toBe(NOISE);
    expect(rig.deliver(NOISE).delivered).toMatch(/^\[OMNI: identical to the 121 lines already shown, omni retrieve [0-9a-f]{16}\]\n$/);
  });

  test("a distilled view that is a JSON document is never folded: a fold would stop it parsing", () => {
    rig = ledgerRig();
    distillers.generic = defineDistiller({
      ...real.generic,
      describe: "planted",
      distill: ({ text }) => `${JSON.stringify(text.split("\n").slice(0, 30), null, 1)}\n`,
    });
    const first = rig.deliver(NOISE, { command: "node fetch.js" }).delivered;
    expect(first).toStartWith('[\n "Downloading package-0 v1.0.0",\n');
    expect(rig.deliver(NOISE, { command: "node fetch.js" }).delivered).toBe(first);
  });

  test("a distilled Read of a text file is folded on repeat, even when its rows look like CSV", () => {
    rig = ledgerRig();
    // Over 1 KB: a smaller view mostly seen is delivered whole anyway (it is read back within seconds).
    const rows = Array.from({ length: 80 }, (_, i) => `person${i},team${i % 3},city${i % 5}`);
    distillers.readfile = defineDistiller({ ...real.readfile, describe: "planted", distill: () => `${rows.join("\n")}\n` });
    const text = `${rows.map((row) => `${row} - more words on this line of the notes`).join("\n")}\n`;
    const read = () => rig!.deliver(text, { tool: "Read", command: "/home/dev/app/notes.md" }).delivered;
    expect(read()).toStartWith("person0,team0,city0\n");
    expect(read()).toMatch(/^\[OMNI: identical to the 80 lines already shown, omni retrieve [0-9a-f]{16}\]\n/);
  });
});

describe("what the ledger context carries", () => {
  test("a shell command carries no source label: a repeat by another command is folded without one", () => {
    rig = ledgerRig();
    rig.deliver(NOISE, { command: "git cat-file -p HEAD:a.txt" });
    const again = rig.deliver(NOISE, { command: "git cat-file -p HEAD:b.txt" }).delivered;
    expect(again).toMatch(/^\[OMNI: identical to the 121 lines already shown, omni retrieve [0-9a-f]{16}\]\n$/);
    // A host tool's source is named, and the second Read names where the lines were shown.
    rig.deliver(NOISE, { tool: "Read", command: "/home/dev/app/a.txt", sessionId: "s2" });
    expect(rig.deliver(`${NOISE}tail line\n`, { tool: "Read", command: "/home/dev/app/b.txt", sessionId: "s2" }).delivered).toContain(
      " already shown from /home/dev/app/a.txt, omni retrieve ",
    );
  });

  test("a source file's lines state no failure: re-read after an edit, its error-handling lines fold with the rest", () => {
    rig = ledgerRig();
    const body = Array.from({ length: 40 }, (_, i) => `  if (status${i} !== 0) throw new Error("error: request ${i} failed");`);
    const file = `${body.join("\n")}\n`;
    const read = (path: string, text: string) => rig!.deliver(text, { tool: "Read", command: path, sessionId: path }).delivered;
    read("/home/dev/app/src/client.ts", file);
    expect(read("/home/dev/app/src/client.ts", `${file}export {};\n`)).toMatch(
      /^\[OMNI: 40 lines already shown, omni retrieve [0-9a-f]{16}\]\n/,
    );
    // The same lines in a log are verdicts: each stays visible.
    read("/home/dev/app/run.log", file);
    expect(read("/home/dev/app/run.log", `${file}done\n`)).toContain(body[0]!);
  });

  test("a Grep repeated byte for byte is no held Read: its failure lines stay visible", () => {
    rig = ledgerRig();
    const matches = Array.from({ length: 40 }, (_, i) => `src/file${i}.ts:${i + 1}:const value${i} = compute(${i});`);
    const text = `${[...matches.slice(0, 20), "src/x.ts:9:  error: request failed", ...matches.slice(20)].join("\n")}\n`;
    const grep = () => rig!.deliver(text, { tool: "Grep", command: "compute" }).delivered;
    grep();
    const again = grep();
    expect(again).toContain("\nsrc/x.ts:9:  error: request failed\n");
    expect(again).toMatch(/^\[OMNI: 20 lines already shown, omni retrieve [0-9a-f]{16}\]\n/);
  });

  test("a fold's accounting row names the reader's scope outside a project, and counts exactly the bytes folded", () => {
    const rows: FoldRow[] = [];
    rig = ledgerRig((store) => ({
      ...store,
      ledger: { ...store.ledger!, recordFolds: (folds, nowMs) => (rows.push(...folds), store.ledger!.recordFolds(folds, nowMs)) },
    }));
    rig.deliver(NOISE, { projectPath: undefined });
    rig.deliver(NOISE, { projectPath: undefined });
    expect(rows).toMatchObject([{ scope: "s1", session: "s1", origin: "session", lines: 121, bytes: NOISE.length, wholeOutput: true }]);
  });

  test("raw bytes delivered after a failed archive write are still recorded as shown", () => {
    let failing = true;
    rig = ledgerRig((store) => ({ ...store, archive: (...args) => (failing ? null : store.archive(...args)) }));
    expect(rig.deliver(NOISE, { command: "node fetch.js" })).toMatchObject({ delivered: NOISE, reason: "archive failed" });
    failing = false;
    expect(rig.deliver(NOISE).delivered).toMatch(/^\[OMNI: identical to the 121 lines already shown, omni retrieve [0-9a-f]{16}\]\n$/);
  });
});
