/**
 * The guard: is this payload something a later step will parse? If so nothing downstream runs
 * and the bytes come back exactly as they arrived. Biased towards "structured": compression
 * cannot repair a malformed payload, but it can certainly make it worse.
 */
import { MAX_JSON_PARSE_BYTES, MIN_DELIMITED_LINES, NDJSON_SAMPLE_LINES } from "../base/limits.ts";
import { isTextPath } from "../base/text-paths.ts";

/** Share of rows whose delimiter count must equal the header's. */
const DELIMITED_EXACT_ROWS_PERCENT = 80;

export type StructuredKind = "json" | "ndjson" | "yaml" | "csv" | "tsv" | "base64";

/**
 * `path` is a Read's file path: a file with a known source or text extension is never taken for a
 * CSV, TSV or base64 payload, whatever its lines look like (a TypeScript file with a comma on
 * every line is code). JSON and YAML are still sniffed: a `.json` or `.yaml` file is data.
 */
export function sniffFormat(text: string, path?: string): StructuredKind | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (isJsonDocument(trimmed)) return "json";
  // Most payloads are told apart by their first lines: the rest is split only when a check needs it.
  if (isNdjson(nonBlankLines(trimmed))) return "ndjson";
  if (isJsonShaped(trimmed)) return "json";
  if (isYaml(nonBlankLines(trimmed))) return "yaml";
  if (path !== undefined && isTextPath(path)) return null;
  const kind = isDelimited(trimmed, "\t") ? "tsv" : isDelimited(trimmed, ",") ? "csv" : isBase64Blob(trimmed) ? "base64" : null;
  // Diagnostics overrule the sniff; asked only when it would say yes, as most payloads are neither.
  return kind !== null && isDiagnostics([...nonBlankLines(trimmed)]) ? null : kind;
}

/** The non-blank lines, one at a time (a `\r\n` line without its `\r`): a megabyte is not copied into lines to read its first few. */
function* nonBlankLines(text: string): Generator<string> {
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end > start && text[end - 1] === "\r" ? end - 1 : end);
    if (line.trim() !== "") yield line;
    start = end + 1;
  }
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

function isNdjson(lines: Iterable<string>): boolean {
  let count = 0;
  for (const line of lines) {
    if (!/^\s*[[{]/.test(line)) return false;
    if (count < NDJSON_SAMPLE_LINES && !parsesAsJson(line.trim())) return false;
    count++;
  }
  return count >= 2;
}

const YAML_KEY = /^\s*(?:[A-Za-z0-9_.\-/]+|"[^"]*"|'[^']*')\s*:(?:\s|$)/;
const YAML_ITEM = /^\s*-(?:\s|$)/;
const YAML_BLOCK_SCALAR = /:\s*[|>][-+0-9]*\s*$/;

/** `lines` are the non-blank lines: a blank line never decides, so the text is not split twice. */
function isYaml(lines: Iterable<string>): boolean {
  let count = 0;
  let nested = false;
  let blockIndent = -1;
  for (const line of lines) {
    count++;
    if (count === 1) {
      // A document marker alone (or with a tag, anchor or comment) opens YAML; `--- FAIL: TestX` (go
      // test) and `--- a/file` (a unified diff) start with the same three dashes and are not YAML.
      if (/^---\s*(?:[!&#].*)?$/.test(line)) return true;
      if (/^--- /.test(line)) return false;
    }
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
  return count >= 2 && nested;
}

/**
 * Compiler, type-checker and search output: `file(line,col): error TS…`, `file:line:col: …`,
 * `file:line: …` and `file:line-…` (grep -n and its context lines). Its commas are the message's,
 * not a delimiter's. Most non-blank lines must have the shape: one stray line is a note or a tally.
 */
const DIAGNOSTIC_LINE = /^\s*(?:[^\s:(),"]+\(\d+(?:,\d+)?\)\s*:\s|[^\s:,"]+:\d+(?::\d+)?[:-]|[^\s:,"]*\.[A-Za-z0-9]{1,10}:\S)/;

function isDiagnostics(lines: string[]): boolean {
  let shaped = 0;
  for (const line of lines) if (DIAGNOSTIC_LINE.test(line)) shaped++;
  return shaped * 2 > lines.length;
}

/**
 * A delimited table: every record parses under the format's quoting rules (a quote opens a field
 * and closes it before a delimiter or the end of the record; a bare quote inside a field is not
 * CSV), no record has fewer fields than the first, most have exactly as many (an unquoted free-text
 * last column, a commit subject with a comma, may add more), and the first row is a header or
 * the table has a typed column (numbers, dates or ids in every row).
 */
function isDelimited(text: string, delimiter: string): boolean {
  // Most payloads fail on their first line: no delimiter there, no table.
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? text.length : text.indexOf("\n"));
  if (!firstLine.includes(delimiter)) return false;
  let expected = 0;
  let exact = 0;
  const records: string[][] = [];
  const complete = parseRecords(text, delimiter, (record) => {
    if (records.length === 0) expected = record.length;
    // A short row ends the question at once: a megabyte of text is not parsed to the end for it.
    if (record.length < expected) return false;
    if (record.length === expected) exact++;
    records.push(record);
    return true;
  });
  if (!complete || records.length < MIN_DELIMITED_LINES || expected < 2) return false;
  if (exact * 100 < records.length * DELIMITED_EXACT_ROWS_PERCENT) return false;
  return isHeaderRow(records[0]!) || hasTypedColumn(records, expected);
}

/**
 * Hands each record (its fields, quotes resolved) to `onRecord`, skipping blank lines. False when
 * the text breaks the quoting rules or `onRecord` asks to stop.
 */
function parseRecords(text: string, delimiter: string, onRecord: (fields: string[]) => boolean): boolean {
  let fields: string[] = [];
  let field = "";
  let i = 0;
  const n = text.length;
  const endRecord = (): boolean => {
    fields.push(field);
    const record = fields;
    fields = [];
    field = "";
    return (record.length === 1 && record[0]!.trim() === "") || onRecord(record);
  };
  while (i < n) {
    const ch = text[i]!;
    if (ch === '"' && field === "") {
      // A quoted field: runs to the next lone quote, which must end the field.
      i++;
      for (;;) {
        if (i >= n) return false;
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== delimiter && next !== "\n" && next !== "\r") return false;
      // A quoted field that is empty still counts as content, not as a blank line.
      if (field === "") field = '""';
      continue;
    }
    if (ch === '"') return false;
    if (ch === delimiter) {
      fields.push(field);
      field = "";
    } else if (ch === "\n") {
      if (!endRecord()) return false;
    } else if (ch !== "\r") field += ch;
    i++;
  }
  return endRecord();
}

/** Column names: none empty, none a number, none repeated, short and without sentence spacing at the edges. */
function isHeaderRow(fields: string[]): boolean {
  const names = new Set<string>();
  for (const field of fields) {
    const name = field.trim();
    if (name === "" || name.length > 64 || field !== name || NUMBER.test(name)) return false;
    if (names.has(name.toLowerCase())) return false;
    names.add(name.toLowerCase());
  }
  return true;
}

const NUMBER = /^[-+]?(?:\d+(?:[.,]\d+)?|\.\d+)(?:e[-+]?\d+)?%?$/i;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?: ?(?:Z|[-+]\d{2}:?\d{2}))?(?: [A-Z]{2,5})?)?$/;
const HEX_ID = /^[0-9a-f]{7,64}$/;

/** Some column holds a number, a date or a hex id in every row: a table a program printed. */
function hasTypedColumn(records: string[][], columns: number): boolean {
  for (let column = 0; column < columns; column++) {
    if (records.every((record) => isTypedValue(record[column]!.trim()))) return true;
  }
  return false;
}

function isTypedValue(value: string): boolean {
  return value !== "" && (NUMBER.test(value) || DATE.test(value) || HEX_ID.test(value));
}

/** Below this many characters the statistics say nothing. */
const MIN_BASE64_CHARS = 64;
/**
 * How much of the 64-letter alphabet a blob uses. Encoded bytes cover it quickly (64 random
 * characters use about 40 letters; a base64'd binary full of zero bytes still uses 63 of them over
 * a few KB); a long identifier or a word list uses a few dozen at most.
 */
const MIN_BASE64_DISTINCT_CHARS = 40;

/**
 * One long run of base64 alphabet (a key, an image, a token): never summarised. It takes the
 * alphabet's statistics, not only its characters: no spaces inside a line, lines wrapped at one
 * width, all three letter classes present, and most of the alphabet in use. Letters, digits and
 * spaces (a calendar, a table of counts) are text.
 */
function isBase64Blob(trimmed: string): boolean {
  if (trimmed.length < MIN_BASE64_CHARS) return false;
  // Ordinary text fails on its first punctuation or inner space; without this, every payload paid
  // for a whitespace-free copy of itself.
  if (/[^A-Za-z0-9+/=\r\n]/.test(trimmed)) return false;
  const lines = trimmed.split(/\r?\n/);
  const width = lines[0]!.length;
  if (lines.slice(0, -1).some((line) => line.length !== width) || lines.at(-1)!.length > width) return false;
  const compact = lines.join("");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || !/[0-9+/]/.test(compact) || !/[A-Z]/.test(compact) || !/[a-z]/.test(compact)) return false;
  return new Set(compact).size >= Math.min(MIN_BASE64_DISTINCT_CHARS, compact.length / 2);
}
