/**
 * The guard on real reading patterns: the outputs the format sniff once took for data are handled
 * as text (distilled, or folded on repeat, never a structured passthrough), and every real
 * structured fixture comes back byte-identical, first time and on repeat, as a shell output and
 * as a Read of a data file.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { carriesFailure } from "../../src/base/failure.ts";
import { sniffFormat } from "../../src/core/format.ts";
import { splitLines } from "../../src/base/lines.ts";
import { loadFixtures, type Fixture } from "../helpers/fixtures.ts";
import { ledgerRig, type LedgerRig } from "../ledger/helpers.ts";

let rig: LedgerRig;
afterEach(() => rig.close());

const FALSE_POSITIVES = [
  "build/tsc_override_errors_rxjs",
  "search/grep_rn_commas_rxjs",
  "generic/cal_year",
  "readfile/tail_rgb_txt",
  "readfile/read_c_header_regerrs",
];

function fixture(name: string): Fixture {
  const [family, caseName] = name.split("/");
  return loadFixtures(family).find((f) => f.name === caseName)!;
}

/** The request the fixture's own tool makes; exit 0, so the ledger may fold it. */
const asTool = (f: Fixture) => ({ tool: f.tool, command: f.command, failed: false, exitCode: 0 });

describe("real false positives of the format sniff", () => {
  test.each(FALSE_POSITIVES)("%s is handled as text: distilled, or folded when the reader sees it again", (name) => {
    rig = ledgerRig();
    const f = fixture(name);
    const first = rig.deliver(f.text, asTool(f));
    expect(first.reason ?? "").not.toStartWith("structured");
    const again = rig.deliver(f.text, asTool(f));
    expect(again.reason ?? "").not.toStartWith("structured");
    // tsc prints nothing but errors: every line is a failure verdict, and those are never folded.
    const allFailures = splitLines(f.text).every((line) => line.trim() === "" || carriesFailure(line));
    if (allFailures) expect(again.delivered).toBe(f.text);
    else expect(first.route === "distilled" || again.delivered.includes("already shown")).toBe(true);
  });
});

describe("real structured fixtures", () => {
  const structured = loadFixtures("structured");

  test("there are fixtures of each kind to check", () => {
    expect(structured.length).toBeGreaterThanOrEqual(10);
    for (const f of structured) expect(f.structured).toBe(true);
  });

  test.each(structured.map((f) => [f.name, f] as const))(
    "%s comes back byte-identical, as a shell output and as a Read, first time and on repeat",
    (_name, f) => {
      rig = ledgerRig();
      // Read as the data file it is: `.json`, `.yaml`, `.csv`, `.tsv`.
      const ext = sniffFormat(f.text);
      for (const request of [
        { tool: "Bash", command: f.command },
        { tool: "Read", command: `/home/dev/data/export.${ext}` },
      ]) {
        for (let round = 0; round < 2; round++)
          expect(rig.deliver(f.text, { ...request, failed: false, exitCode: 0 }).delivered).toBe(f.text);
      }
    },
  );
});
