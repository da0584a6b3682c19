/**
 * The `omni stats --json` document: the one shape every report is rendered from. Stable and
 * versioned; a field changes meaning only with a new `schema_version`. Every absolute figure is
 * counted bytes (`bytes_saved`, never `tokens_saved`), every percentage a ratio of two of them.
 */
import { z } from "zod";

const bytes = z.number().int().describe("counted bytes");
const percent = z.number().describe("percent, one decimal");
const count = z.number().int().nonnegative();

const byteFigures = {
  calls: count,
  input_bytes: bytes.describe("raw bytes the tools produced"),
  delivered_bytes: bytes.describe("bytes the reader received, markers included"),
  bytes_saved: bytes.describe("input_bytes - delivered_bytes (gross); negative when outputs grew"),
  saved_percent: percent.describe("bytes_saved / input_bytes"),
};

export const statsReportSchema = z.strictObject({
  schema_version: z.literal(1),
  window: z.strictObject({
    name: z.enum(["hour", "day", "week", "month"]),
    label: z.string(),
    since_ts: z.number().int(),
    until_ts: z.number().int(),
  }),
  population: z
    .strictObject({
      name: z.literal("model-facing"),
      rows: count.describe("rows every model-facing figure is computed from"),
      excluded_terminal_rows: count.describe("agent_id = terminal: TTY output no model read"),
      excluded_undelivered_rows: count.describe("delivered_bytes = 0: nothing reached a model"),
    })
    .describe("which rows the figures describe"),
  session_lifetime: z.strictObject({
    measurable: z.boolean().describe("false until a host closed a session in the window"),
    closed_sessions: count,
    median_commands: z.number().nullable(),
    longest_commands: count.nullable(),
    ended_at_compaction: count,
  }),
  totals: z.strictObject({
    ...byteFigures,
    baseline_bytes: bytes.describe("what the model would really have received without omni (host caps applied)"),
    beyond_host_cap_bytes: bytes.describe("bytes past the host's own cap: not a saving of ours"),
    footer_bytes: bytes.describe("exec/pipe footers the reader also read: a cost"),
    retrieval_bytes: bytes.describe("bytes pulled back with omni retrieve, charged to the distiller that removed them"),
    retrievals: count,
    rerun_bytes: bytes.describe("bytes of same-family re-runs within the re-run window after a distillation, charged back"),
    reruns: count,
    net_bytes_saved: bytes.describe("baseline - bytes the model read (a passthrough is host-capped) - footers - retrievals - re-runs"),
    net_saved_percent: percent.describe("net_bytes_saved / baseline_bytes"),
    calls_saved_nothing: count,
    calls_saved_nothing_percent: percent,
    calls_grew: count,
  }),
  routes: z.array(z.strictObject({ route: z.string(), ...byteFigures })),
  agents: z.array(
    z.strictObject({
      agent_id: z.string(),
      model_facing: z.boolean().describe("false for terminal: listed, never counted in totals"),
      share_percent: percent.describe("share of all input bytes in the window"),
      ...byteFigures,
    }),
  ),
  commands: z.array(z.strictObject({ command: z.string().describe("command family"), ...byteFigures })),
  distillers: z.array(
    z.strictObject({
      distiller: z.string(),
      calls: count,
      bytes_saved: bytes,
      charged_back_bytes: bytes.describe("retrievals and re-runs this distiller caused"),
      net_bytes_saved: bytes,
    }),
  ),
  passthrough_reasons: z.array(z.strictObject({ reason: z.string(), calls: count, input_bytes: bytes })),
  context: z.array(z.strictObject({ source: z.string(), calls: count, delivered_bytes: bytes, share_percent: percent })),
  sessions: z.array(z.strictObject({ session_id: z.string(), agent_id: z.string(), ...byteFigures })),
  projects: z.array(z.strictObject({ project_path: z.string(), ...byteFigures })),
  timeline: z.strictObject({
    bucket_seconds: count,
    buckets: z.array(
      z.strictObject({ start_ts: z.number().int(), calls: count, input_bytes: bytes, delivered_bytes: bytes, net_bytes_saved: bytes }),
    ),
  }),
  rerun: z.strictObject({
    window_seconds: count,
    min_samples: count,
    size_skew_limit: z.number(),
    distillers: z.array(
      z.strictObject({
        distiller: z.string(),
        distilled: z.strictObject({ calls: count, reruns: count, rate_percent: percent, mean_input_bytes: bytes }),
        raw: z.strictObject({ calls: count, reruns: count, rate_percent: percent, mean_input_bytes: bytes }),
        enough_samples: z.boolean(),
        confound: z.boolean().describe("arm mean sizes differ by more than size_skew_limit"),
        verdict: z.string(),
      }),
    ),
  }),
  recent: z.array(
    z.strictObject({
      id: z.number().int(),
      ts: z.number().int(),
      agent_id: z.string(),
      command: z.string(),
      route: z.string(),
      input_bytes: bytes,
      delivered_bytes: bytes,
      handle: z.string().nullable(),
    }),
  ),
});

export type StatsReport = z.infer<typeof statsReportSchema>;
