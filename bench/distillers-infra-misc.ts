/**
 * Per-fixture table for the cloud, database, security, jsts and vcs distillers: bytes in and
 * out through the whole pipeline (marker included), % saved, and how many must-keep strings
 * survived. Regenerate with `bun run bench/distillers-infra-misc.ts`; it rewrites the .md
 * beside it.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadFixtures } from "../test/helpers/fixtures.ts";
import { runFixture } from "../test/helpers/pipeline-run.ts";

const FAMILIES = ["cloud", "database", "security", "jsts", "vcs"];

const rows: string[] = [];
let totalIn = 0;
let totalOut = 0;
for (const family of FAMILIES) {
  for (const fixture of loadFixtures(family).sort((a, b) => a.name.localeCompare(b.name))) {
    const run = runFixture(fixture);
    const kept = fixture.mustKeep.filter((needle) => run.delivered.includes(needle)).length;
    const saved = run.bytesIn === 0 ? 0 : (100 * (run.bytesIn - run.bytesOut)) / run.bytesIn;
    totalIn += run.bytesIn;
    totalOut += run.bytesOut;
    rows.push(`| ${family} | ${fixture.name} | \`${fixture.command.replaceAll("|", "\\|")}\` | ${run.bytesIn} | ${run.bytesOut} | ${saved.toFixed(1)}% | ${kept}/${fixture.mustKeep.length} |`);
  }
}

const table = [
  "# Distillers: cloud, database, security, jsts, vcs",
  "",
  "Every fixture under `test/fixtures/{cloud,database,security,jsts,vcs}/` through `runPipeline` with a real temp store,",
  "as `omni exec` runs it (a non-zero exit code marks the run failed). Bytes out are what the reader gets, marker included.",
  "Regenerate: `bun run bench/distillers-infra-misc.ts`.",
  "",
  "| family | case | command | bytes in | bytes out | saved | must-keep kept |",
  "|---|---|---|---:|---:|---:|---:|",
  ...rows,
  `| **all** | | | ${totalIn} | ${totalOut} | ${((100 * (totalIn - totalOut)) / totalIn).toFixed(1)}% | |`,
  "",
];
writeFileSync(join(import.meta.dir, "distillers-infra-misc.md"), table.join("\n"));
console.log(table.join("\n"));
