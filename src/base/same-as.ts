/**
 * A linter's list repeats one message at many locations (`toolz/utils.py:40: error: Function is
 * missing a type annotation  [no-untyped-def]`, a hundred times). Past its first line in a file,
 * such a finding keeps its own location and its severity or code, and points at that first one
 * instead of repeating the rest: `toolz/utils.py:52: error: (same as 40)`. Every location stays,
 * verbatim; `expandSameAs` gives every line back whole, which is how the fidelity check and the
 * tests read a reply.
 */

/**
 * `path:line:` or `path:line:col:` then one space and the message. The path names a file: it has
 * an extension, or, for a script without one (`configure`), the location names a column too.
 */
const PATH_LOC = String.raw`((?:[\w.+-]+\/)*[\w.+-]+\.\w+):(\d+(?::\d+)?)|((?:[\w.+-]+\/)*[\w+-][\w.+-]*):(\d+:\d+)`;
const FINDING = new RegExp(String.raw`^(?:${PATH_LOC}): (\S.*)$`);
const SAME_AS = new RegExp(String.raw`^(?:${PATH_LOC}): (?:(\S+) )?\(same as (\d+(?::\d+)?)\)$`);

/** [path, location, rest…] of a FINDING or SAME_AS match, whichever path form it took. */
function parts(match: RegExpExecArray): [string, string, ...(string | undefined)[]] {
  return [match[1] ?? match[3]!, match[2] ?? match[4]!, ...match.slice(5)];
}
/** The severity word or rule code a message opens with (`error:`, `W0622:`, `E402`, `C:`): kept on the pointer line. */
const LEAD =
  /^(?:[A-Z]{1,3}\d{2,5}:?|[A-Z]:|\[(?:error|warning)\]|(?:error|warning|note|info|information|style|performance|portability|convention|refactor|fatal):)(?= )/i;
/** A message shorter than this costs less than the pointer that would replace it. */
const MIN_MESSAGE_CHARS = 24;
/** A list shorter than this is read at a glance: pointers would only make it harder to read. */
export const MIN_FOLDED_FINDINGS = 20;

/**
 * ESLint's stylish report puts the path on a line of its own and each finding under it:
 * `  148:15  error  Expected a conditional expression …  no-cond-assign`. Within a file the columns
 * are aligned, so a repeat keeps everything up to its message and points back: `  148:15  error  (same as 123:12)`.
 */
const STYLISH = /^(\s+(\d+:\d+)\s+(?:error|warning)\s+)(\S.*)$/;
const STYLISH_SAME_AS = /^(\s+(\d+:\d+)\s+(?:error|warning)\s+)\(same as (\d+:\d+)\)$/;
/**
 * Repeats of one finding in a row under one file share a line: the first keeps its padding, the
 * others follow it, `   39:8, 89:3, 91:8  error  (same as 16:8)`. The report right-aligns its
 * locations, so each is written back ending in the first one's column.
 */
const STYLISH_SAME_AS_RUN = /^(\s+)(\d+:\d+(?:, \d+:\d+)+)(\s+(?:error|warning)\s+)\(same as (\d+:\d+)\)$/;
/** Locations on one run line, at most: a line stays one a reader can take in. */
const MAX_RUN_LOCATIONS = 16;
/** A stylish report's file heading: a line at column 0 (the findings under it are indented). */
const HEADING = /^\S/;

/**
 * PHP_CodeSniffer's full report puts `FILE: path` over a table of rows, `  24 | ERROR   | [x] message`:
 * a repeat keeps its line number, severity and fixer box and points back: `  42 | ERROR   | [x] (same as 24)`.
 */
const PHPCS_ROW = /^(\s*(\d+) \| (?:ERROR|WARNING)\s*\| (?:\[[x ]\] )?)(\S.*)$/;
const PHPCS_SAME_AS = /^(\s*(\d+) \| (?:ERROR|WARNING)\s*\| (?:\[[x ]\] )?)\(same as (\d+)\)$/;
/** PHP_CodeSniffer's file heading over its table of findings (`FILE: src/Parser.php`). */
export const PHPCS_FILE_HEADING = /^FILE: \S/;

/** A `path:line[:col]: message` line, the kind a repeat can point back to. */
export function isFinding(line: string): boolean {
  return FINDING.test(line);
}

interface Found {
  path: string;
  loc: string;
  message: string;
  /** The line that points this finding at the first one with its message. */
  pointer: (first: string) => string;
  /** Its message may go on over the indented lines under it (a flat list's finding may; a stylish one is one line). */
  flat: boolean;
}

/** The headings a finding's file is named by: a stylish report's last column-0 line, a phpcs report's last `FILE:` line. */
interface Headings {
  stylish: string | null;
  phpcs: string | null;
}

function readHeading(line: string, headings: Headings): void {
  if (HEADING.test(line)) headings.stylish = line;
  if (PHPCS_FILE_HEADING.test(line)) headings.phpcs = line;
}

function findingOf(line: string, headings: Headings): Found | null {
  const flat = FINDING.exec(line);
  if (flat) {
    const [path, loc, message] = parts(flat) as [string, string, string];
    return { path, loc, message, pointer: (first) => `${path}:${loc}: ${leadOf(message)}(same as ${first})`, flat: true };
  }
  const row = headings.phpcs === null ? null : PHPCS_ROW.exec(line);
  if (row && !PHPCS_SAME_AS.test(line)) {
    const [, prefix, loc, message] = row as unknown as [string, string, string, string];
    return { path: `\0phpcs ${headings.phpcs!}`, loc, message, pointer: (first) => `${prefix}(same as ${first})`, flat: false };
  }
  const heading = headings.stylish;
  const stylish = heading === null ? null : STYLISH.exec(line);
  if (!stylish) return null;
  const [, prefix, loc, message] = stylish as unknown as [string, string, string, string];
  return { path: heading!, loc, message, pointer: (first) => `${prefix}(same as ${first})`, flat: false };
}

/** The lines with every repeated finding after its file's first pointing back at it; other lines as they were. */
export function foldRepeatedFindings(lines: readonly string[]): string[] {
  if (lines.filter((line) => isFinding(line) || STYLISH.test(line) || PHPCS_ROW.test(line)).length < MIN_FOLDED_FINDINGS) return [...lines];
  const firstAt = new Map<string, string>(); // `path:loc` → the message first printed there
  const firstOf = new Map<string, string>(); // `path\0message` → the loc it was first printed at
  const headings: Headings = { stylish: null, phpcs: null };
  const folded = lines.map((line, i) => {
    const found = findingOf(line, headings);
    if (!found) readHeading(line, headings);
    if (!found || SAME_AS.test(line) || STYLISH_SAME_AS.test(line) || PHPCS_SAME_AS.test(line)) return line;
    const { path, loc, message } = found;
    // A finding whose message goes on over indented lines is not all on this line: it is left whole,
    // and nothing points at it (it still holds its location, for expandSameAs reads it as the first there).
    if (found.flat && /^\s+\S/.test(lines[i + 1] ?? "")) {
      if (!firstAt.has(`${path}:${loc}`)) firstAt.set(`${path}:${loc}`, message);
      return line;
    }
    const key = `${path}\0${message}`;
    const first = firstOf.get(key);
    // Only where the first location holds this message first: the pointer must name one line.
    // An identical line at the same place again stays whole: a pointer to itself says nothing.
    if (first !== undefined && first !== loc && firstAt.get(`${path}:${first}`) === message && message.length >= MIN_MESSAGE_CHARS)
      return found.pointer(first);
    if (!firstAt.has(`${path}:${loc}`)) firstAt.set(`${path}:${loc}`, message);
    if (first === undefined) firstOf.set(key, loc);
    return line;
  });
  return joinStylishRuns(folded);
}

/** Consecutive stylish pointers to one first finding, with one severity, joined on one line (STYLISH_SAME_AS_RUN). */
function joinStylishRuns(lines: string[]): string[] {
  const out: string[] = [];
  let run: { head: string; after: string; target: string; count: number } | null = null;
  for (const line of lines) {
    const same = STYLISH_SAME_AS.exec(line);
    const after = same ? same[1]!.slice(same[1]!.indexOf(same[2]!) + same[2]!.length) : "";
    if (same && run && run.target === same[3] && run.after === after && run.count < MAX_RUN_LOCATIONS) {
      run.head += `, ${same[2]}`;
      run.count++;
      out[out.length - 1] = `${run.head}${run.after}(same as ${run.target})`;
      continue;
    }
    run = same ? { head: same[1]!.slice(0, same[1]!.indexOf(same[2]!) + same[2]!.length), after, target: same[3]!, count: 1 } : null;
    out.push(line);
  }
  return out;
}

/** Every `(same as N)` line of `text` written out whole again, from the first line at that location. */
export function expandSameAs(text: string): string {
  if (!text.includes("(same as ")) return text;
  const firstAt = new Map<string, string>();
  const headings: Headings = { stylish: null, phpcs: null };
  return text
    .split("\n")
    .map((line) => {
      const sameMatch = SAME_AS.exec(line);
      if (sameMatch) {
        const [path, loc, lead, first] = parts(sameMatch);
        const message = firstAt.get(`${path}:${first}`);
        if (message === undefined || leadOf(message) !== (lead === undefined ? "" : `${lead} `)) return line;
        return `${path}:${loc}: ${message}`;
      }
      const stylishRun = headings.stylish === null ? null : STYLISH_SAME_AS_RUN.exec(line);
      if (stylishRun) {
        const [, indent, locs, after, first] = stylishRun as unknown as [string, string, string, string, string];
        const message = firstAt.get(`${headings.stylish}:${first}`);
        if (message === undefined) return line;
        const locations = locs.split(", ");
        const end = indent.length + locations[0]!.length;
        return locations.map((loc) => `${" ".repeat(Math.max(1, end - loc.length))}${loc}${after}${message}`).join("\n");
      }
      const stylishSame = headings.stylish === null ? null : STYLISH_SAME_AS.exec(line);
      if (stylishSame) {
        const message = firstAt.get(`${headings.stylish}:${stylishSame[3]}`);
        return message === undefined ? line : `${stylishSame[1]}${message}`;
      }
      const phpcsSame = headings.phpcs === null ? null : PHPCS_SAME_AS.exec(line);
      if (phpcsSame) {
        const message = firstAt.get(`\0phpcs ${headings.phpcs}:${phpcsSame[3]}`);
        return message === undefined ? line : `${phpcsSame[1]}${message}`;
      }
      const found = findingOf(line, headings);
      if (found && !firstAt.has(`${found.path}:${found.loc}`)) firstAt.set(`${found.path}:${found.loc}`, found.message);
      if (!found) readHeading(line, headings);
      return line;
    })
    .join("\n");
}

function leadOf(message: string): string {
  const lead = LEAD.exec(message)?.[0];
  return lead === undefined ? "" : `${lead} `;
}
