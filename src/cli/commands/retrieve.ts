import { grepLines, parseLineRange, sliceLines } from "../../core/block-view.ts";
import { EXAMPLE_HANDLE } from "../../base/limits.ts";
import { parseHandle } from "../../base/handle.ts";
import { countLines } from "../../base/lines.ts";
import { formatBytes } from "../../base/markers.ts";
import { REDACTED } from "../../base/redact.ts";
import { stdoutReaderId } from "../../hosts/index.ts";
import { systemClock } from "../../platform/clock.ts";
import { stdoutIsTty, writeErr, writeOut } from "../../platform/io.ts";
import { databasePath } from "../../platform/paths.ts";
import { getBlock, markRetrieved } from "../../store/archive.ts";
import { openDatabase, openReadOnly } from "../../store/db.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";

export default defineCommand({
  usage: "omni retrieve <handle> [--lines A-B | --grep PATTERN]",
  description: "Print the bytes a marker archived, exactly as they were (or one part of them).",
  flags: {
    lines: { type: "string", valueName: "A-B", description: "only lines A to B, byte for byte (A-, to the end; A, one line)" },
    grep: { type: "string", valueName: "PATTERN", description: "only the lines matching this regular expression, as N:line" },
  },
  notes: [
    'Accepts the 16-hex handle, "<handle>", or omni_retrieve("<handle>").',
    "Reads the database read-only: it works on a database you cannot write; the pull is then not counted.",
    "Exit status: 0 when the handle resolved, 1 when it did not.",
    `${EXAMPLE_HANDLE} is the documentation example and never resolves.`,
  ].join("\n"),
  run({ env }, { positionals, flags }) {
    if (positionals.length !== 1)
      throw new ActionableError(
        `omni retrieve needs one handle, the 16 hex characters inside a marker: omni retrieve <handle> (a marker reads like [OMNI: 40 lines omitted, omni retrieve ${EXAMPLE_HANDLE} for full output])`,
      );
    const handle = parseHandle(positionals[0]!);
    if (!handle)
      throw new ActionableError(`\`${positionals[0]}\` is not a handle; copy the 16 hex characters after \`omni retrieve\` in a marker`);
    if (handle === EXAMPLE_HANDLE)
      throw new ActionableError(
        `${EXAMPLE_HANDLE} is the documentation example, not a real handle; copy one from a marker in your own output`,
      );
    if (flags.lines !== undefined && flags.grep !== undefined) throw new ActionableError("pick one of --lines and --grep");
    const range = typeof flags.lines === "string" ? parseLineRange(flags.lines) : null;
    if (flags.lines !== undefined && !range)
      throw new ActionableError(`--lines takes a range like 120-180 (or 120-, or 120), not \`${flags.lines}\``);
    const pattern = typeof flags.grep === "string" ? compilePattern(flags.grep) : null;
    const path = databasePath(env);
    const db = openReadOnly(path);
    let block;
    try {
      block = getBlock(db, handle);
    } finally {
      db.close();
    }
    if (!block)
      throw new ActionableError(
        `no archived block for handle ${handle}; handles resolve for 30 days on the machine that made them (database: ${path})`,
      );
    const counted = countPull(path, handle, env);
    const size = Buffer.byteLength(block.content, "utf8");
    const whole = block.originalLen > size ? ` · one block of a ${formatBytes(block.originalLen)} output` : "";
    // Secrets were masked before the block was archived: say so, the bytes cannot come back.
    const masked = block.content.includes(REDACTED) ? " · secrets were masked before archiving" : "";
    const uncounted = counted ? "" : " · read-only database, pull not counted";
    const head = `omni retrieve ${handle} · ${countLines(block.content)} lines · ${formatBytes(size)}${whole}${masked}${uncounted}`;
    if (range) {
      const part = sliceLines(block.content, range);
      writeErr(`${head} · lines ${part.first}-${part.last} of ${part.total}\n`);
      writeOut(part.text);
    } else if (pattern) {
      const found = grepLines(block.content, pattern);
      writeErr(`${head} · ${found.matches} line(s) match /${pattern.source}/\n`);
      writeOut(found.text);
    } else {
      writeErr(`${head}\n`);
      writeOut(block.content);
    }
    return 0;
  },
});

function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new ActionableError(
      `--grep takes a regular expression; \`${source}\` is not one (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** A pull is counted (and owed one unfolded delivery) when the database can be written; reading never depends on it. */
function countPull(path: string, handle: string, env: Record<string, string | undefined>): boolean {
  try {
    const db = openDatabase(path, { busyTimeoutMs: 200 });
    try {
      // A person checking omni at a terminal is not a model reading the bytes back: recorded as
      // `terminal`, which the net savings do not charge.
      markRetrieved(db, handle, Math.floor(systemClock.now() / 1000), stdoutReaderId(env, stdoutIsTty()), null);
      return true;
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}
