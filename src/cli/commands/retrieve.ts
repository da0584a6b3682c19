import { EXAMPLE_HANDLE } from "../../base/limits.ts";
import { stdoutReaderId } from "../../hosts/index.ts";
import { systemClock } from "../../platform/clock.ts";
import { stdoutIsTty, writeErr, writeOut } from "../../platform/io.ts";
import { databasePath } from "../../platform/paths.ts";
import { findBlock, parseRetrieve, RetrieveError, selectPart, type RetrieveAsk } from "../../runtime/retrieve.ts";
import { markRetrieved } from "../../store/archive.ts";
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
    const ask: RetrieveAsk = {
      handle: positionals.length === 1 ? positionals[0] : undefined,
      lines: typeof flags.lines === "string" ? flags.lines : undefined,
      grep: typeof flags.grep === "string" ? flags.grep : undefined,
    };
    const path = databasePath(env);
    const { request, block } = actionable(() => {
      const request = parseRetrieve(ask);
      const db = openReadOnly(path);
      try {
        return { request, block: findBlock(db, request.handle, path) };
      } finally {
        db.close();
      }
    });
    const counted = countPull(path, request.handle, env);
    const part = selectPart(request, block);
    const uncounted = counted ? "" : " · read-only database, pull not counted";
    writeErr(`omni retrieve ${request.handle} · ${part.block}${uncounted}${part.part === null ? "" : ` · ${part.part}`}\n`);
    writeOut(part.text);
    return 0;
  },
});

/** The use-case's refusals are this command's errors: one line, exit 1. */
function actionable<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof RetrieveError) throw new ActionableError(error.message);
    throw error;
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
