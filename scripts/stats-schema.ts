/**
 * The published JSON Schema of `omni stats --json` (docs/stats-json.schema.json), derived from
 * the zod schema the output is tested against, so the document cannot drift from the code.
 * Run `bun run scripts/stats-schema.ts` after changing src/stats/schema.ts.
 */
import { z } from "zod";
import { statsReportSchema } from "../src/stats/schema.ts";

export const STATS_SCHEMA_PATH = "docs/stats-json.schema.json";

export function statsJsonSchemaText(): string {
  const schema = z.toJSONSchema(statsReportSchema, { target: "draft-2020-12" });
  return `${JSON.stringify({ ...schema, $id: "omni-stats.schema.json", title: "omni stats --json", description: "schema_version 1: counted bytes over model-facing rows" }, null, 2)}\n`;
}

if (import.meta.main) {
  await Bun.write(STATS_SCHEMA_PATH, statsJsonSchemaText());
  console.error(`wrote ${STATS_SCHEMA_PATH}`);
}
