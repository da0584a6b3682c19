/**
 * The retrieve use-case, one for `omni retrieve` and the `omni_retrieve` MCP tool: read what was
 * asked (a handle as copied out of a marker, and at most one selection: a line range or a grep
 * pattern), find the archived block, and cut the part asked for. Every refusal is one sentence
 * with its fix, the same from either entry point; the entry points only open the database, count
 * the pull and print.
 */
import { parseHandle } from "../base/handle.ts";
import { ARCHIVE_BUDGET_BYTES, ARCHIVE_RETENTION_DAYS, EXAMPLE_HANDLE } from "../base/limits.ts";
import { countLines } from "../base/lines.ts";
import { formatBytes } from "../base/markers.ts";
import { REDACTED } from "../base/redact.ts";
import { grepLines, parseLineRange, sliceLines, type LineRange } from "../core/block-view.ts";
import { getBlock, type ArchivedBlock } from "../store/archive.ts";
import type { Db } from "../store/db.ts";
import { runArchived } from "../store/runs.ts";

/** What a caller asked, as typed: the handle text and the optional selections. */
export interface RetrieveAsk {
  handle: string | undefined;
  lines?: string | undefined;
  grep?: string | undefined;
}

export type Selection = { lines: LineRange } | { grep: RegExp } | null;

export interface RetrieveRequest {
  handle: string;
  selection: Selection;
}

/** A refusal: its message is the sentence to show, fix included. */
export class RetrieveError extends Error {}

/** The sentences, in one place so both entry points say the same thing. */
export const RETRIEVE_ERRORS = {
  noHandle: () =>
    `retrieve needs one handle, the 16 hex characters inside a marker (a marker reads like [OMNI: 40 lines omitted, omni retrieve ${EXAMPLE_HANDLE} for full output])`,
  malformed: (text: string) => `\`${text}\` is not a handle; copy the 16 hex characters after \`omni retrieve\` in a marker`,
  example: () => `${EXAMPLE_HANDLE} is the documentation example, not a real handle; copy one from a marker in your own output`,
  twoSelections: () => "pick one selection, a line range or a grep pattern, not both",
  badRange: (text: string) => `a line range reads like 120-180 (or 120-, or 120), not \`${text}\``,
  badPattern: (text: string, why: string) => `a grep pattern is a regular expression; \`${text}\` is not one (${why})`,
  unknown: (handle: string, database: string) =>
    `No archived block for handle ${handle}; handles resolve for ${ARCHIVE_RETENTION_DAYS} days on the machine that made them (database: ${database})`,
  expired: (handle: string, database: string) =>
    `No archived block for handle ${handle} any more: the archive keeps ${ARCHIVE_RETENTION_DAYS} days and at most ${formatBytes(ARCHIVE_BUDGET_BYTES)}, oldest blocks dropped first; run the command that printed the marker again to see its output (database: ${database})`,
};

/** Checked before the database opens: a typo costs no IO. */
export function parseRetrieve(ask: RetrieveAsk): RetrieveRequest {
  if (ask.handle === undefined || ask.handle.trim() === "") throw new RetrieveError(RETRIEVE_ERRORS.noHandle());
  const handle = parseHandle(ask.handle);
  if (!handle) throw new RetrieveError(RETRIEVE_ERRORS.malformed(ask.handle));
  if (handle === EXAMPLE_HANDLE) throw new RetrieveError(RETRIEVE_ERRORS.example());
  if (ask.lines !== undefined && ask.grep !== undefined) throw new RetrieveError(RETRIEVE_ERRORS.twoSelections());
  if (ask.lines !== undefined) {
    const range = parseLineRange(ask.lines);
    if (!range) throw new RetrieveError(RETRIEVE_ERRORS.badRange(ask.lines));
    return { handle, selection: { lines: range } };
  }
  if (ask.grep !== undefined) return { handle, selection: { grep: compilePattern(ask.grep) } };
  return { handle, selection: null };
}

function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new RetrieveError(RETRIEVE_ERRORS.badPattern(source, error instanceof Error ? error.message : String(error)));
  }
}

/**
 * The block a handle names. Refused when there is none: "any more" when a recorded run archived
 * it (retention or the archive's budget dropped it), else the window handles resolve in.
 * `database` is the path the sentence names.
 */
export function findBlock(db: Db, handle: string, database: string): ArchivedBlock {
  const block = getBlock(db, handle);
  if (block) return block;
  throw new RetrieveError(runArchived(db, handle) ? RETRIEVE_ERRORS.expired(handle, database) : RETRIEVE_ERRORS.unknown(handle, database));
}

export interface RetrievedPart {
  /** The bytes to print: the whole block, lines A to B as archived, or the matching lines as `N:line`. */
  text: string;
  /** What the block is, for a status line: lines, size, whether it is one block of a larger output, masked secrets. */
  block: string;
  /** Which part `text` is; null for the whole block. */
  part: string | null;
}

export function selectPart(request: RetrieveRequest, block: ArchivedBlock): RetrievedPart {
  const size = Buffer.byteLength(block.content, "utf8");
  const whole = block.originalLen > size ? ` · one block of a ${formatBytes(block.originalLen)} output` : "";
  // Secrets were masked before the block was archived: say so, the bytes cannot come back.
  const masked = block.content.includes(REDACTED) ? " · secrets were masked before archiving" : "";
  const about = `${countLines(block.content)} lines · ${formatBytes(size)}${whole}${masked}`;
  const { selection } = request;
  if (selection && "lines" in selection) {
    const part = sliceLines(block.content, selection.lines);
    return { text: part.text, block: about, part: `lines ${part.first}-${part.last} of ${part.total}` };
  }
  if (selection) {
    const found = grepLines(block.content, selection.grep);
    return { text: found.text, block: about, part: `${found.matches} line(s) match /${selection.grep.source}/` };
  }
  return { text: block.content, block: about, part: null };
}
