import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { STATS_SCHEMA_PATH, statsJsonSchemaText } from "../../scripts/stats-schema.ts";
import { aggregateRuns } from "../../src/stats/aggregate.ts";
import { statsReportSchema } from "../../src/stats/schema.ts";
import { statsWindow } from "../../src/stats/window.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";

describe("the stats --json schema", () => {
  test("is published exactly as the code defines it", () => {
    expect(readFileSync(join(REPO_ROOT, STATS_SCHEMA_PATH), "utf8")).toBe(statsJsonSchemaText());
  });

  test("names saved bytes bytes_saved and refuses the old tokens_saved", () => {
    const report = aggregateRuns({ runs: [], retrievals: [], sessionCloses: [] }, statsWindow("week", 1_800_000_000));
    const command = { command: "git status", calls: 1, input_bytes: 10, delivered_bytes: 5, bytes_saved: 5, saved_percent: 50 };
    expect(statsReportSchema.safeParse({ ...report, commands: [command] }).success).toBe(true);
    const { bytes_saved: saved, ...rest } = command;
    expect(statsReportSchema.safeParse({ ...report, commands: [{ ...rest, tokens_saved: saved }] }).success).toBe(false);
  });
});
