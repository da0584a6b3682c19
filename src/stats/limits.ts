/** Constants of the reports (SPEC §0), units in the names. */

/** A same-family command within this many seconds after a run is a re-run of it. */
export const RERUN_WINDOW_SECONDS = 300;
/** Each arm of the re-run comparison needs this many runs before a verdict. */
export const RERUN_MIN_SAMPLES = 8;
/** Arms whose mean input sizes differ by more than this factor are flagged as confounded. */
export const RERUN_SIZE_SKEW_LIMIT = 3;
/** Text reports show this many commands unless asked for all of them. */
export const TOP_COMMANDS = 10;
/** `--detail` lists this many sessions unless asked for all of them. */
export const TOP_SESSIONS = 10;
/** The dashboard lists this many recent runs. */
export const RECENT_RUNS = 20;
/** Rows recorded under this agent are TTY output no model read. */
export { TERMINAL_AGENT_ID as TERMINAL_AGENT } from "../base/agent-id.ts";
