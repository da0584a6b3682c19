/**
 * Savings of every distiller on every fixture of its family, through the whole pipeline (real
 * temp store, markers included), next to the distiller's own output size; structured fixtures
 * must come back byte-identical and no output may grow.
 * Run: `bun run bench:distillers` — rewrites bench/distillers.md.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOST_FAILED_VIEW_CHARS } from "../src/base/limits.ts";
import { byteLength } from "../src/base/lines.ts";
import { commandFamily, type DistillerId } from "../src/core/route.ts";
import { distillers } from "../src/distillers/index.ts";
import { distillWith } from "../test/helpers/distill.ts";
import { loadFixtures, type Fixture } from "../test/helpers/fixtures.ts";
import { FAILED_END_CHARS, HOST_CUT_CHARS, hostView } from "../test/helpers/host-view.ts";
import { percentSaved, runFixture, savedPercent } from "../test/helpers/pipeline-run.ts";
import { REPO_ROOT } from "../test/helpers/sandbox.ts";

function failed(fixture: Fixture): boolean {
  return fixture.exitCode !== null && fixture.exitCode !== 0;
}

function aloneCell(family: DistillerId, fixture: Fixture, bytesIn: number): string {
  const distilled = distillWith(family, fixture.text, { command: fixture.command, failed: failed(fixture) });
  return distilled === null ? "null" : `${byteLength(distilled)} (${percentSaved(bytesIn, byteLength(distilled)).toFixed(1)}%)`;
}

function row(family: DistillerId, fixture: Fixture): string {
  const result = runFixture(fixture);
  const kept = fixture.mustKeep.filter((needle) => result.delivered.includes(needle)).length;
  const route = result.route === "passthrough" ? `passthrough: ${result.reason}` : result.route;
  const command = fixture.command.replaceAll("|", "\\|");
  return `| ${fixture.name} | \`${command}\` | ${fixture.exitCode ?? "?"} | ${result.bytesIn} | ${result.bytesOut} | ${savedPercent(result).toFixed(1)}% | ${aloneCell(family, fixture, result.bytesIn)} | ${kept}/${fixture.mustKeep.length} | ${route} |`;
}

function familyTotals(family: string): string {
  const runs = loadFixtures(family).map((fixture) => ({ fixture, result: runFixture(fixture) }));
  const bytesIn = runs.reduce((sum, { result }) => sum + result.bytesIn, 0);
  const bytesOut = runs.reduce((sum, { result }) => sum + result.bytesOut, 0);
  const mustKeep = runs.reduce((sum, { fixture }) => sum + fixture.mustKeep.length, 0);
  const kept = runs.reduce(
    (sum, { fixture, result }) => sum + fixture.mustKeep.filter((needle) => result.delivered.includes(needle)).length,
    0,
  );
  const grew = runs.filter(({ result }) => result.bytesOut > result.bytesIn).length;
  return `| ${family} | ${runs.length} | ${bytesIn} → ${bytesOut} | ${percentSaved(bytesIn, bytesOut).toFixed(1)}% | ${kept}/${mustKeep} | ${grew} |`;
}

/** Savings targets the distillers issue names (the original's published single fixtures). */
const TARGETS: [DistillerId, string, string][] = [
  ["cloud", "upstream_heavy_noise", "≥ 98.9%"],
  ["build", "upstream_cargo_build_large", "≥ 98.1%"],
  ["test", "upstream_cargo_test_500", "≥ 93.0%, all 10 failures named"],
  ["git", "upstream_git_status_dirty", "≥ 66.7%"],
  ["git", "upstream_git_diff_multi_file", "≥ 37.8%"],
  ["cloud", "upstream_kubectl_get_pods_mixed", "= 0%, every row"],
];

function targetRow([family, name, target]: [DistillerId, string, string]): string {
  const fixture = loadFixtures(family).find((f) => f.name === name)!;
  const result = runFixture(fixture);
  return `| ${name} | ${target} | ${result.bytesIn} → ${result.bytesOut} | ${savedPercent(result).toFixed(1)}% | ${aloneCell(family, fixture, result.bytesIn)} |`;
}

type Half = "original" | "tuning" | "held-out";
const halfOf = (fixture: Fixture): Half => (fixture.ecosystem === null ? "original" : fixture.holdout ? "held-out" : "tuning");
const HALVES: Half[] = ["original", "tuning", "held-out"];

interface Run {
  fixture: Fixture;
  result: ReturnType<typeof runFixture>;
  kept: number;
}
const allRuns: Run[] = loadFixtures()
  .filter((fixture) => !fixture.structured && fixture.family in distillers)
  .map((fixture) => {
    const result = runFixture(fixture);
    return { fixture, result, kept: fixture.mustKeep.filter((needle) => result.delivered.includes(needle)).length };
  });

function totals(runs: Run[]): string {
  const bytesIn = runs.reduce((sum, run) => sum + run.result.bytesIn, 0);
  const bytesOut = runs.reduce((sum, run) => sum + run.result.bytesOut, 0);
  const mustKeep = runs.reduce((sum, run) => sum + run.fixture.mustKeep.length, 0);
  const kept = runs.reduce((sum, run) => sum + run.kept, 0);
  const untouched = runs.filter((run) => !run.result.changed).length;
  return `${runs.length} | ${bytesIn} → ${bytesOut} | ${percentSaved(bytesIn, bytesOut).toFixed(1)}% | ${seenSaved(runs)} | ${kept}/${mustKeep} | ${untouched}`;
}

/** Saved as the model sees it: each side cut as the host cuts it before comparing. */
function seenSaved(runs: Run[]): string {
  const seenIn = runs.reduce((sum, run) => sum + hostView(run.fixture.text, failed(run.fixture)).length, 0);
  const seenOut = runs.reduce((sum, run) => sum + hostView(run.result.delivered, failed(run.fixture)).length, 0);
  return `${percentSaved(seenIn, seenOut).toFixed(1)}%`;
}

/** The tool a run came from, as stats group it (`prove`, `make check`, `meson test`, `npx tape`). */
const toolOf = (fixture: Fixture): string => `${fixture.ecosystem ?? "?"}: ${commandFamily(fixture.command)}`;

function perTool(half: Half): string[] {
  const groups = new Map<string, Run[]>();
  for (const run of allRuns.filter((r) => halfOf(r.fixture) === half))
    groups.set(toolOf(run.fixture), [...(groups.get(toolOf(run.fixture)) ?? []), run]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tool, runs]) => {
      const gap = runs.every((run) => !run.result.changed);
      const reasons = [...new Set(runs.filter((run) => !run.result.changed).map((run) => run.result.reason ?? "unchanged"))].join("; ");
      return `| ${tool} | ${totals(runs)} | ${gap ? `**gap**: ${reasons}` : reasons} |`;
    });
}

/** Long outputs as the model sees them: the host's first 30,000 chars, against omni's reply (itself cut by the host if longer). */
function longRow(run: Run): string {
  const { fixture, result } = run;
  const hostCut = hostView(fixture.text, failed(fixture));
  const seen = hostView(result.delivered, failed(fixture));
  const keptCut = fixture.mustKeep.filter((needle) => hostCut.includes(needle)).length;
  const keptSeen = fixture.mustKeep.filter((needle) => seen.includes(needle)).length;
  const ratio = hostCut.length === 0 ? 0 : (seen.length / hostCut.length) * 100;
  return `| ${fixture.family}/${fixture.name} | ${halfOf(fixture)} | ${fixture.text.length} | ${keptCut}/${fixture.mustKeep.length} | ${seen.length} (${ratio.toFixed(1)}% of the cut) | ${keptSeen}/${fixture.mustKeep.length} | ${result.route} |`;
}
const longRuns = allRuns
  .filter((run) => run.fixture.text.length > (failed(run.fixture) ? HOST_FAILED_VIEW_CHARS : HOST_CUT_CHARS))
  .sort((a, b) => a.fixture.name.localeCompare(b.fixture.name));

/**
 * The held-out half per batch document (`test/fixtures/holdout-16b.md`, …): the document that lists a
 * fixture in its table, so a batch's blind figure and each half of it can be read off one run.
 */
const HOLDOUT_DOCS = readdirSync(join(REPO_ROOT, "test/fixtures"))
  .filter((file) => /^holdout-[\w-]+\.md$/.test(file))
  .map((doc) => ({ doc, text: readFileSync(join(REPO_ROOT, "test/fixtures", doc), "utf8") }));
function docOf(fixture: Fixture): string | null {
  const row = `| ${fixture.family}/${fixture.name} |`;
  return HOLDOUT_DOCS.find(({ text }) => text.includes(row))?.doc ?? null;
}
function perDocument(): string[] {
  const groups = new Map<string, Run[]>();
  for (const run of allRuns.filter((r) => halfOf(r.fixture) === "held-out")) {
    const doc = docOf(run.fixture) ?? "(in no batch document)";
    groups.set(doc, [...(groups.get(doc) ?? []), run]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([doc, runs]) => {
      const long = runs.filter((run) => longRuns.includes(run));
      const facts = (view: (run: Run) => string) =>
        long.reduce((sum, run) => sum + run.fixture.mustKeep.filter((needle) => view(run).includes(needle)).length, 0);
      const mustKeep = long.reduce((sum, run) => sum + run.fixture.mustKeep.length, 0);
      const hostFacts = facts((run) => hostView(run.fixture.text, failed(run.fixture)));
      const omniFacts = facts((run) => hostView(run.result.delivered, failed(run.fixture)));
      return `| ${doc} | ${totals(runs)} | ${long.length}: ${hostFacts}/${mustKeep} in the host's cut, ${omniFacts}/${mustKeep} in omni's |`;
    });
}

const families = (Object.keys(distillers) as DistillerId[]).sort().filter((family) => loadFixtures().some((f) => f.family === family));
const structured = loadFixtures("structured");
const identical = structured.filter((fixture) => runFixture(fixture).delivered === fixture.text).length;

const report = [
  "# Distillers: savings per fixture",
  "",
  "Generated by `bun run bench:distillers`. Every fixture (real captured output, `test/fixtures/<family>/`) goes",
  "through `runPipeline` with a real temp store, so *bytes out* is what the reader receives, the archive marker",
  "included. *Distiller alone* is the distiller's output before the pipeline's guardrails and marker (null: not",
  "recognised, raw bytes). A passthrough hands back the raw bytes unchanged (0%). Exit `?`: not recorded.",
  "",
  "## Per family",
  "",
  "| family | fixtures | bytes in → out | saved | must-keep kept | grew |",
  "|---|---|---|---|---|---|",
  ...families.map(familyTotals),
  `| structured (JSON, YAML, CSV, TSV) | ${structured.length} | byte-identical: ${identical} of ${structured.length} | 0.0% | | 0 |`,
  "",
  "## Per half of the corpus",
  "",
  "*original*: the fixtures the distillers were written against. *tuning*: the new real corpus's half that was",
  "tuned on. *held-out*: the other half, never tuned on. *untouched*: delivered byte-identical to the input.",
  `*Saved as the model sees it*: characters, both sides cut as the host cuts them: the first ${HOST_CUT_CHARS.toLocaleString("en-US")} (a 100 KB log reaches the model as 30,000), and of a failed run's text past ${HOST_FAILED_VIEW_CHARS.toLocaleString("en-US")} only its first and last ${FAILED_END_CHARS.toLocaleString("en-US")}.`,
  "",
  "| half | fixtures | bytes in → out | saved | saved as the model sees it | must-keep kept | untouched |",
  "|---|---|---|---|---|---|---|",
  ...HALVES.map((half) => `| ${half} | ${totals(allRuns.filter((run) => halfOf(run.fixture) === half))} |`),
  "",
  "Each half per family (a family whose every output in a half came back untouched is marked **gap**):",
  "",
  "| half | family | fixtures | bytes in → out | saved | saved as the model sees it | must-keep kept | untouched |",
  "|---|---|---|---|---|---|---|---|",
  ...HALVES.flatMap((half) =>
    [...new Set(allRuns.filter((run) => halfOf(run.fixture) === half).map((run) => run.fixture.family))].sort().map((family) => {
      const runs = allRuns.filter((run) => halfOf(run.fixture) === half && run.fixture.family === family);
      const gap = runs.every((run) => !run.result.changed) ? " **gap**" : "";
      return `| ${half} | ${family}${gap} | ${totals(runs)} |`;
    }),
  ),
  "",
  "The held-out half per batch document (structured fixtures apart, as above); *long*: its outputs the host would cut,",
  "and their must-keep facts in the host's view of the raw output and in the host's view of omni's reply.",
  "",
  "| batch document | fixtures | bytes in → out | saved | saved as the model sees it | must-keep kept | untouched | long |",
  "|---|---|---|---|---|---|---|---|",
  ...perDocument(),
  "",
  ...(["tuning", "held-out"] as const).flatMap((half) => [
    `## Per tool, ${half} half`,
    "",
    "A tool whose every output came back untouched is marked **gap**, with the pipeline's reasons.",
    "",
    "| ecosystem: tool | fixtures | bytes in → out | saved | saved as the model sees it | must-keep kept | untouched | passthrough reasons |",
    "|---|---|---|---|---|---|---|---|",
    ...perTool(half),
    "",
  ]),
  "## Long outputs as the model sees them",
  "",
  `The host hands the model the first ${HOST_CUT_CHARS.toLocaleString("en-US")} characters of a Bash result, and of a failed one past ${HOST_FAILED_VIEW_CHARS.toLocaleString("en-US")}`,
  `characters only the first and last ${FAILED_END_CHARS.toLocaleString("en-US")} of those (Claude Code 2.1.332, measured; \`test/contract/claude-view-cap.test.ts\`).`,
  "Baseline: that view of the raw output. omni: the reply of the whole pipeline entered as `omni exec` for Claude Code",
  "(marker included, cut under the host's view), seen the same way. Listed: every output the host would cut.",
  "",
  "| fixture | half | chars | must-keep in the host's cut | omni as seen (chars) | must-keep in omni's | route |",
  "|---|---|---|---|---|---|---|",
  ...longRuns.map(longRow),
  "",
  "## Named targets",
  "",
  "| fixture | target | bytes | whole pipeline (marker incl.) | distiller alone |",
  "|---|---|---|---|---|",
  ...TARGETS.map(targetRow),
  "",
  "The archive marker (`[OMNI: N lines omitted, omni retrieve <16 hex> for full output]`, about 74 bytes) is",
  "counted. On a 3,220-byte input that marker alone is 2.3%, so a 98.1% target cannot be met with it; the",
  "distiller-alone column shows what the distiller itself removes.",
  "",
  ...families.flatMap((family) => [
    `## ${family}`,
    "",
    "| fixture | command | exit | bytes in | bytes out | saved (marker incl.) | distiller alone | must-keep kept | route |",
    "|---|---|---|---|---|---|---|---|---|",
    ...loadFixtures(family)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((fixture) => row(family, fixture)),
    "",
  ]),
].join("\n");

writeFileSync(join(REPO_ROOT, "bench/distillers.md"), report);
console.log(`wrote bench/distillers.md (${families.length} families)`);
