/**
 * The guard: is this payload something a later step will parse? If so nothing downstream runs
 * and the bytes come back exactly as they arrived. Biased towards "structured": compression
 * cannot repair a malformed payload, but it can certainly make it worse.
 */
import { MAX_JSON_PARSE_BYTES, MIN_DELIMITED_LINES, NDJSON_SAMPLE_LINES } from "./limits.ts";

/** Share of rows whose delimiter count must equal the header's. */
const DELIMITED_EXACT_ROWS_PERCENT = 80;

export type StructuredKind = "json" | "ndjson" | "yaml" | "csv" | "tsv" | "base64";

export function sniffFormat(text: string): StructuredKind | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (isJsonDocument(trimmed)) return "json";
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (isNdjson(lines)) return "ndjson";
  if (isJsonShaped(trimmed)) return "json";
  if (isYaml(lines)) return "yaml";
  if (isDelimited(lines, "\t")) return "tsv";
  if (isDelimited(lines, ",")) return "csv";
  if (isBase64Blob(trimmed)) return "base64";
  return null;
}

function isBracketed(text: string): boolean {
  const first = text[0];
  const last = text[text.length - 1];
  return (first === "{" && last === "}") || (first === "[" && last === "]");
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function isJsonDocument(trimmed: string): boolean {
  if (!isBracketed(trimmed)) return false;
  // Above this size a full parse would blow the hook's latency budget; bracket shape decides.
  if (trimmed.length > MAX_JSON_PARSE_BYTES) return true;
  return parsesAsJson(trimmed);
}

/** Truncated or comment-bearing JSON: it starts like JSON and carries a `"key":` pair. */
function isJsonShaped(trimmed: string): boolean {
  const first = trimmed[0];
  if (first !== "{" && first !== "[") return false;
  return /"[^"\n]{1,200}"\s*:/.test(trimmed.slice(0, 4096));
}

function isNdjson(lines: string[]): boolean {
  if (lines.length < 2) return false;
  if (!lines.every((line) => /^\s*[[{]/.test(line))) return false;
  return lines.slice(0, NDJSON_SAMPLE_LINES).every((line) => parsesAsJson(line.trim()));
}

const YAML_KEY = /^\s*(?:[A-Za-z0-9_.\-/]+|"[^"]*"|'[^']*')\s*:(?:\s|$)/;
const YAML_ITEM = /^\s*-(?:\s|$)/;
const YAML_BLOCK_SCALAR = /:\s*[|>][-+0-9]*\s*$/;

/** `lines` are the non-blank lines: a blank line never decides, so the text is not split twice. */
function isYaml(lines: string[]): boolean {
  const firstLine = lines[0] ?? "";
  // A document marker alone (or with a tag, anchor or comment) opens YAML; `--- FAIL: TestX` (go
  // test) and `--- a/file` (a unified diff) start with the same three dashes and are not YAML.
  if (/^---\s*(?:[!&#].*)?$/.test(firstLine)) return true;
  if (/^--- /.test(firstLine)) return false;
  if (lines.length < 2) return false;
  let nested = false;
  let blockIndent = -1;
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    // A block scalar (`key: |`) hands the following, more-indented lines to arbitrary text
    // (a PEM, a script, HCL). Those lines are skipped, not judged: one embedded ConfigMap once
    // made a whole kustomize manifest look like prose.
    if (blockIndent >= 0) {
      if (indent > blockIndent) continue;
      blockIndent = -1;
    }
    const body = line.trim();
    if (body.startsWith("#") || body === "---" || body === "...") continue;
    if (!YAML_KEY.test(line) && !YAML_ITEM.test(line)) return false;
    if (indent > 0 || YAML_ITEM.test(line)) nested = true;
    if (YAML_BLOCK_SCALAR.test(line)) blockIndent = indent;
  }
  return nested;
}

/**
 * A consistent delimiter count across rows (one row proves nothing). Unquoted free-text fields
 * (a commit subject with a comma) add delimiters, so rows may have more than the header, but
 * never fewer, and most rows must match it exactly.
 */
function isDelimited(lines: string[], delimiter: string): boolean {
  if (lines.length < MIN_DELIMITED_LINES) return false;
  const expected = countOutsideQuotes(lines[0] ?? "", delimiter);
  if (expected < 1) return false;
  let exact = 0;
  for (const line of lines) {
    const count = countOutsideQuotes(line, delimiter);
    if (count < expected) return false;
    if (count === expected) exact++;
  }
  return exact * 100 >= lines.length * DELIMITED_EXACT_ROWS_PERCENT;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

/** One long run of base64 alphabet (a key, an image, a token): never summarised. */
function isBase64Blob(trimmed: string): boolean {
  if (trimmed.length < 64) return false;
  // Ordinary text fails on its first space-free punctuation; without this, every payload paid
  // for a whitespace-free copy of itself.
  if (/[^A-Za-z0-9+/=\s]/.test(trimmed)) return false;
  const compact = trimmed.replace(/\s+/g, "");
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) && /[0-9+/]/.test(compact) && /[A-Z]/.test(compact) && /[a-z]/.test(compact);
}
