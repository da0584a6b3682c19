/**
 * Per-fixture table for the git, search, readfile and system-ops distillers: bytes in → out
 * through the whole pipeline (marker included), % saved, and whether every must-keep survived.
 * Run: `bun run bench/distillers-git-search-read.ts` (rewrites the .md next to this file).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadFixtures } from "../test/helpers/fixtures.ts";
import { runFixture, savedPercent } from "../test/helpers/pipeline-run.ts";

const FAMILIES = ["git", "search", "readfile", "system-ops"];

const rows: string[] = [];
let totalIn = 0;
let totalOut = 0;
for (const family of FAMILIES) {
  for (const fixture of loadFixtures(family).sort((a, b) => a.name.localeCompare(b.name))) {
    const result = runFixture(fixture);
    const kept = fixture.mustKeep.filter((needle) => result.delivered.includes(needle)).length;
    totalIn += result.bytesIn;
    totalOut += result.bytesOut;
    const why = result.route === "passthrough" ? result.reason ?? "" : result.route;
    rows.push(`| ${family} | ${fixture.name} | ${result.bytesIn} | ${result.bytesOut} | ${savedPercent(result).toFixed(1)}% | ${kept}/${fixture.mustKeep.length} | ${why} |`);
  }
}

const table = [
  "# git, search, readfile, system-ops distillers: per-fixture savings",
  "",
  "Every fixture under `test/fixtures/{git,search,readfile,system-ops}/` run through `runPipeline` with a real",
  "temporary store, so the archive marker is counted in \"out\". Regenerate with",
  "`bun run bench/distillers-git-search-read.ts`.",
  "",
  "| family | fixture | bytes in | bytes out | saved | must-keep kept | route / reason |",
  "|---|---|---:|---:|---:|---:|---|",
  ...rows,
  "",
  `Total: ${totalIn} → ${totalOut} bytes (${totalIn === 0 ? 0 : ((1 - totalOut / totalIn) * 100).toFixed(1)}% saved).`,
  "",
].join("\n");

writeFileSync(join(import.meta.dir, "distillers-git-search-read.md"), table);
console.log(table);
