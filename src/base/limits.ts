/**
 * Every tuning constant of the pipeline, with its unit in the name.
 * Values follow the reference behaviour; the comment says where a number came from.
 */

/**
 * Inputs above this pass through untouched before any stage runs (SPEC MAX_INPUT): no reader
 * wants 16 MiB in context, and every stage's copy of it costs the host memory and time.
 */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
/** Final safety cap on any reply: the middle is elided past this. */
export const MAX_OUTPUT_BYTES = 50_000;
/**
 * Claude Code cuts Bash stdout at this many characters and persists the rest to a file; the model
 * then sees a 2 KB preview and the file's path (2.1.332, measured).
 */
export const HOST_OUTPUT_CAP_CHARS = 30_000;
/**
 * A failed Bash call reaches Claude Code's model as `Exit code N` and the output, and past about
 * 11,000 characters only as its first and last 5,000 (2.1.332, measured: 11,000 shown whole,
 * 11,500 cut to 10,039 with `... [N characters truncated] ...`).
 */
export const HOST_FAILED_VIEW_CHARS = 11_000;
/**
 * What omni exec prints for a host with such a cut stays this far under it (a byte is at most one
 * character), so the model reads omni's reply itself, not a preview or a cut of it.
 */
export const HOST_VIEW_MARGIN_BYTES = 200;
/**
 * A block larger than this is never archived, and a cut that would need it is not made: the
 * output goes on as it was. Blocks are stored packed (zstd, about 5x on real tool output), so
 * a whole 16 MiB input fits; the total is bounded by ARCHIVE_BUDGET_BYTES, not per block.
 */
export const MAX_ARCHIVE_BYTES = 32 * 1024 * 1024;
/** The archive's stored (packed) bytes are kept under this; retention drops the oldest blocks past it. */
export const ARCHIVE_BUDGET_BYTES = 512 * 1024 * 1024;
/** Inputs shorter than this are never projected: no marker can pay for itself. */
export const MIN_GAIN_INPUT_BYTES = 200;
/** A distilled form must be below 95% of the input to beat the guardrail, else collapse is tried. */
export const GUARDRAIL_PERCENT = 95;
/** Output within 10% of the input is handed back raw: the marker is not worth it. */
export const MEANINGFUL_PERCENT = 90;
/** A loop whose goal is a refactor compresses harder: 3% saved is worth delivering. */
export const REFACTOR_MEANINGFUL_PERCENT = 97;
/** Payloads above this are pre-trimmed to a head and a tail before anything else runs. */
export const ENORMOUS_INPUT_BYTES = 2_000_000;
export const ENORMOUS_HEAD_LINES = 5_000;
export const ENORMOUS_TAIL_LINES = 1_000;
/** Default hook deadline; past it the raw bytes go back. Overridden by OMNI_HOOK_DEADLINE_MS. */
export const DEFAULT_HOOK_DEADLINE_MS = 1_000;
/** Number of hex characters in a handle. */
export const HANDLE_HEX_CHARS = 16;
/** The handle every document uses; it is never minted. */
export const EXAMPLE_HANDLE = "0000000000000000";

/** Collapse does nothing below this many lines. */
export const MIN_LINES_FOR_COLLAPSE = 10;
/** A collapse group needs at least this many members. */
export const MIN_COLLAPSE_GROUP_SIZE = 3;
/** Generic collapse runs only when more than half the lines are collapsible. */
export const GENERIC_COLLAPSE_SHARE = 0.5;

/** Format sniff: bracketed text larger than this is assumed JSON without parsing (latency). */
export const MAX_JSON_PARSE_BYTES = 1_000_000;
export const NDJSON_SAMPLE_LINES = 50;
export const MIN_DELIMITED_LINES = 3;

/** Ledger floors (SPEC §3). */
export const MIN_LEDGER_INPUT_BYTES = 264;
export const MIN_SESSION_FOLD_GAIN_BYTES = 150;
export const PROJECT_FOLD_GAIN_MULTIPLIER = 3;
export const MIN_WHOLE_OUTPUT_FOLD_BYTES = 1_024;
/** A ledger line seen again within this many seconds keeps its time: retention counts in days. */
export const LEDGER_REFRESH_SECS = 3_600;
/** Marker label for "from <source>" is cut to this many characters. */
export const MAX_SOURCE_LABEL_CHARS = 40;

/** Retention windows. */
export const ARCHIVE_RETENTION_DAYS = 30;
export const DEFAULT_TRACE_RETENTION_DAYS = 7;

/** Pipe/exec footer is printed only past one of these. */
export const FOOTER_MIN_REDUCTION_PERCENT = 10;
export const FOOTER_MIN_ELAPSED_MS = 100;

/** Session-start injection caps (`session --inject`): the whole block and each item. */
export const INJECT_MAX_BYTES = 1_000;
export const INJECT_MAX_ITEM_BYTES = 120;
/** Claude Code's preview of an over-cap output: about this many bytes plus a path. */
export const HOST_PREVIEW_NOTE_BYTES = 2_300;
/** A persisted output larger than this is not read back (SPEC MAX_INPUT). */
export const MAX_PERSISTED_READ_BYTES = 16 * 1024 * 1024;
