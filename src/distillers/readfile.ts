/**
 * Files the agent asked to read (the Read tool; `cat`, `head`, `tail`, `sed -n` of a file).
 * A file the agent asked to see is the answer, so source, prose and config always come back
 * whole: there is no honest summary of code someone is about to edit. Only a log above the size
 * floor is summarised: counts, the counts the log states, every error line, the first warnings,
 * its head and tail; a log that holds a test runner's report (automake's `test-suite.log`) is read
 * as that report, as the test distiller reads it. The rest sits behind the archive handle the pipeline appends.
 */
import { carriesFailure } from "../base/failure.ts";
import { byteLength, splitLines } from "../base/lines.ts";
import { readTestRun } from "./test.ts";
import { defineDistiller } from "./types.ts";

/** Below this many estimated tokens a file is read whole (SPEC: MIN_DISTILL_TOKENS). */
const MIN_DISTILL_TOKENS = 2000;
/** Bytes per token for build and log text (SPEC token estimate table). */
const LOG_BYTES_PER_TOKEN = 3.8;
/** A file whose lines mostly start with a timestamp (or are access-log rows) is a log. */
const LOG_LINE_SHARE = 0.8;
const HEAD_LINES = 3;
const TAIL_LINES = 5;
const WARNINGS_SHOWN = 20;
const PATTERNS_SHOWN = 8;

const LOG_PATH = /\.log(?:\.\d+)?(?=$|[\s'"])|(?:^|\s|')\/var\/log\//;
const TIMESTAMP_PREFIX =
  /^\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}|\d{2}:\d{2}:\d{2})/;
const ACCESS_LOG = /^\S+ \S+ \S+ \[[^\]]+\] "[^"]*" (\d{3}) /;
/** A level word, an error code (`DER_ERROR`, `TAG_ERROR`) or a message that says where (`decoding error in 0:`, `error: …`). */
const ERROR_LEVEL = /\b(?:ERROR|FATAL|CRITICAL|CRIT|EMERG|ALERT|SEVERE|PANIC)\b|[A-Z]_ERROR\b|\berror(?: in \S|: )/;
const WARNING_LEVEL = /\b(?:WARN|WARNING)\b|\bwarning:/i;
/** A count the log states about itself: automake's `# TOTAL: 886`, `# PASS:  866`, `# FAIL:  20` in test-suite.log. */
const TALLY_LINE = /^#?\s*(?:TOTAL|PASS|FAIL|SKIP|XFAIL|XPASS|ERROR|Tests?|Passed|Failed|Errors?|Skipped)\s*:\s+\d+\s*$/i;

export function estimateLogTokens(text: string): number {
  return Math.ceil(byteLength(text) / LOG_BYTES_PER_TOKEN);
}

function isLog(lines: string[], command: string): boolean {
  if (LOG_PATH.test(command)) return true;
  const nonBlank = lines.filter((line) => line.trim() !== "");
  const logLike = nonBlank.filter((line) => TIMESTAMP_PREFIX.test(line) || ACCESS_LOG.test(line)).length;
  return nonBlank.length > 0 && logLike >= nonBlank.length * LOG_LINE_SHARE;
}

type Kind = "tally" | "error" | "warning" | "other";

function kindOf(line: string): Kind {
  if (TALLY_LINE.test(line)) return "tally";
  const status = ACCESS_LOG.exec(line)?.[1];
  if (status) return status.startsWith("5") ? "error" : status.startsWith("4") ? "warning" : "other";
  if (ERROR_LEVEL.test(line) || carriesFailure(line)) return "error";
  return WARNING_LEVEL.test(line) ? "warning" : "other";
}

/** The shape of a line with its timestamp, numbers and hex ids blurred, for "what repeats". */
function patternOf(line: string): string {
  return line
    .replace(TIMESTAMP_PREFIX, "")
    .replace(/\[[^\]]*\d{2}:\d{2}[^\]]*\]/g, "[…]")
    .replace(/\b[0-9a-f]{8,}\b/gi, "#")
    .replace(/\d+/g, "#")
    .trim();
}

function numbered(lines: string[], indices: number[]): string[] {
  return indices.map((i) => `${i + 1}: ${lines[i]}`);
}

function summariseLog(lines: string[]): string {
  const kinds = lines.map(kindOf);
  const errors = kinds.flatMap((kind, i) => (kind === "error" ? [i] : []));
  const warnings = kinds.flatMap((kind, i) => (kind === "warning" ? [i] : []));
  const tallies = kinds.flatMap((kind, i) => (kind === "tally" ? [i] : []));
  const out = [`Log: ${errors.length} errors, ${warnings.length} warnings (${lines.length} lines)`];

  const statuses = new Map<string, number>();
  for (const line of lines) {
    const status = ACCESS_LOG.exec(line)?.[1];
    if (status) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  if (statuses.size > 0)
    out.push(
      `HTTP status: ${[...statuses]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([code, n]) => `${code} ×${n}`)
        .join(", ")}`,
    );

  const patterns = new Map<string, { count: number; first: number }>();
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const key = patternOf(line);
    const seen = patterns.get(key);
    if (seen) seen.count++;
    else patterns.set(key, { count: 1, first: i });
  });
  const frequent = [...patterns.values()]
    .filter((p) => p.count > 1)
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, PATTERNS_SHOWN);
  if (frequent.length > 0)
    out.push("--- most repeated (count, first occurrence) ---", ...frequent.map((p) => `×${p.count}  ${p.first + 1}: ${lines[p.first]}`));

  out.push(`--- first ${HEAD_LINES} lines ---`, ...numbered(lines, range(0, Math.min(HEAD_LINES, lines.length))));
  if (tallies.length > 0) {
    out.push("--- counts ---", ...numbered(lines, tallies.slice(0, WARNINGS_SHOWN)));
    if (tallies.length > WARNINGS_SHOWN) out.push(`... [${tallies.length - WARNINGS_SHOWN} more counts]`);
  }
  // Every error line is kept: a log summary that drops an error has dropped the answer.
  if (errors.length > 0) out.push(`--- errors (${errors.length}) ---`, ...numbered(lines, errors));
  if (warnings.length > 0) {
    out.push(`--- warnings (${warnings.length}) ---`, ...numbered(lines, warnings.slice(0, WARNINGS_SHOWN)));
    if (warnings.length > WARNINGS_SHOWN) out.push(`... [${warnings.length - WARNINGS_SHOWN} more warnings]`);
  }
  out.push(`--- last ${TAIL_LINES} lines ---`, ...numbered(lines, range(Math.max(0, lines.length - TAIL_LINES), lines.length)));
  return out.join("\n") + "\n";
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

export default defineDistiller({
  id: "readfile",
  collapse: null,
  describe:
    "Files read by the agent: logs above ~2000 tokens are summarised (counts, every error, head, tail); source, prose and config come back whole.",
  declined: "file shown whole",
  distill({ text, command }) {
    if (estimateLogTokens(text) < MIN_DISTILL_TOKENS) return null;
    const lines = splitLines(text);
    if (!isLog(lines, command)) return null;
    const report = readTestRun(text, false);
    return typeof report === "string" ? report : summariseLog(lines);
  },
});
