/** Writes bench/mutation.md from one run of bench/mutation.ts: the score per file and overall, and each survivor with its reason. */
import { writeFileSync } from "node:fs";
import type { Mutant } from "./mutation-operators.ts";
import { NOTES, REASONS } from "./mutation-reasons.ts";

export type Outcome = "killed" | "survived" | "timed out";
export interface Result {
  mutant: Mutant;
  outcome: Outcome;
  /** The original source line, trimmed: with the file and the mutation it keys the reason. */
  code: string;
}
export interface FileResult {
  path: string;
  generated: number;
  results: Result[];
  tests: string[];
}
interface Run {
  results: FileResult[];
  broken: string[];
  commit: string;
  date: string;
  minutes: number;
  cap: number;
  jobs: number;
  partial: boolean;
}

/** The key a reason is filed under: stable when lines move, as long as the line and the mutation stay the same. */
export function reasonKey(path: string, result: Result): string {
  return `${path} | ${result.code} | ${result.mutant.mutation}`;
}

const pct = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);

/** Returns how many survivors have no reason on file. */
export function writeReport(out: string, run: Run): number {
  const count = (results: Result[], outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  const all = run.results.flatMap((f) => f.results);
  const detected = count(all, "killed") + count(all, "timed out");
  const lines: string[] = [
    "# Mutation testing",
    "",
    `One run of \`bun run bench:mutation\` on commit \`${run.commit}\`, ${run.date}, on a 2-core Linux machine` +
      ` (${run.jobs} scratch copies in parallel, ${run.minutes.toFixed(1)} minutes).` +
      (run.partial ? " **Partial run (--files): not every file was mutated.**" : ""),
    "",
    "```sh",
    "bun run bench:mutation                                  # the whole run (writes this file)",
    "bun run bench:mutation --files src/ledger/plan.ts --cap 0 --out test-output/plan.md   # one file, every mutant",
    "```",
    "",
    "**How.** `bench/mutation-operators.ts` reads each source file's syntax tree and makes one mutant per site:",
    "a comparison or equality operator flipped (`<` → `<=`, `===` → `!==`...), `&&` ↔ `||`, `-` → `+`, `*` ↔ `/`, `+` → `-`",
    "beside a number or a length, an `if`/`while`/ternary condition negated, a `!` dropped, `true` ↔ `false`, a number",
    "literal plus one, a `?? fallback` dropped, a non-empty string emptied, one regex alternative dropped, `Math.max` ↔",
    "`Math.min`, and an early exit (`if (c) return;` with no else) dropped. Type positions and imports are never mutated,",
    "and a mutant that does not parse is discarded. Each mutant is written into a scratch copy of the repo (the working",
    "tree is never written; the run checks its sources are byte-identical at the end), and the test files that import",
    "the mutated file, directly or not, run with `bun test --bail`, direct importers first, then fastest first. The",
    "covering tests are the unit tests of the pure layers that reach the file in at most three imports (test/base,",
    "test/core, test/ledger: a test, its helper, the stage, the file),",
    "and the distiller tests that import it directly. The other folders spawn the built binary or host CLIs, and",
    "the distillers' snapshot suite replays every fixture (15 s a run): each would make one survivor cost minutes.",
    "A failing run kills the mutant; a run over three times the covering tests' baseline (at least 10 s)",
    "times out and counts as detected; a passing run lets it survive.",
    "",
    `**Sampling.** ${
      run.cap > 0
        ? `A file with more than ${run.cap} mutants is sampled to ${run.cap}: the ${run.cap} whose SHA-256 of` +
          " (path, trimmed source line, mutation, ordinal) is lowest, so the sample is the same on every run and moves" +
          " only where the code changed. `--cap 0` runs every mutant."
        : "None: every mutant ran."
    }`,
    "",
    `**Score: ${pct(detected, all.length)}** (${detected} of ${all.length} mutants detected: ${count(all, "killed")} killed,` +
      ` ${count(all, "timed out")} timed out; ${count(all, "survived")} survived).`,
    "",
    ...NOTES,
    "",
    "| file | generated | run | killed | timed out | survived | score | covering test files |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const f of run.results) {
    const r = f.results;
    const score = f.tests.length === 0 ? "no test" : pct(count(r, "killed") + count(r, "timed out"), r.length);
    lines.push(
      `| ${f.path} | ${f.generated} | ${r.length} | ${count(r, "killed")} | ${count(r, "timed out")} | ${count(r, "survived")} | ${score} | ${f.tests.length} |`,
    );
  }
  if (run.broken.length > 0)
    lines.push("", `Test files left out because they fail unmutated in a scratch copy: ${run.broken.map((t) => `\`${t}\``).join(", ")}.`);
  lines.push("", "## Surviving mutants", "", "Each with why it is left: equivalent (no input tells it apart), or a stated gap.", "");
  let missing = 0;
  for (const f of run.results)
    for (const r of f.results.filter((x) => x.outcome === "survived")) {
      const reason = REASONS[reasonKey(f.path, r)];
      if (!reason) missing++;
      lines.push(
        `- ${f.path}:${r.mutant.line}: ${r.mutant.mutation} in \`${r.code.replaceAll("`", "'")}\` — ${reason ?? "**no reason recorded**"}`,
      );
    }
  writeFileSync(out, `${lines.join("\n")}\n`);
  return missing;
}
