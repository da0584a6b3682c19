import { EXAMPLE_HANDLE } from "../../core/limits.ts";
import { parseHandle } from "../../core/handle.ts";
import { countLines } from "../../core/lines.ts";
import { formatBytes } from "../../core/markers.ts";
import { REDACTED } from "../../core/redact.ts";
import { stdoutReaderId } from "../../hosts/index.ts";
import { systemClock } from "../../platform/clock.ts";
import { stdoutIsTty, writeErr, writeOut } from "../../platform/io.ts";
import { databasePath } from "../../platform/paths.ts";
import { getBlock, markRetrieved } from "../../store/archive.ts";
import { openDatabase } from "../../store/db.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";

export default defineCommand({
  usage: "omni retrieve <handle>",
  description: "Print the bytes a marker archived, exactly as they were.",
  flags: {},
  notes: [
    'Accepts the 16-hex handle, "<handle>", or omni_retrieve("<handle>").',
    "Exit status: 0 when the handle resolved, 1 when it did not.",
    `${EXAMPLE_HANDLE} is the documentation example and never resolves.`,
  ].join("\n"),
  run({ env }, { positionals }) {
    if (positionals.length !== 1) throw new ActionableError(`omni retrieve needs one handle, the 16 hex characters inside a marker: omni retrieve <handle> (a marker reads like [OMNI: 40 lines omitted, omni retrieve ${EXAMPLE_HANDLE} for full output])`);
    const handle = parseHandle(positionals[0]!);
    if (!handle) throw new ActionableError(`\`${positionals[0]}\` is not a handle; copy the 16 hex characters after \`omni retrieve\` in a marker`);
    if (handle === EXAMPLE_HANDLE) throw new ActionableError(`${EXAMPLE_HANDLE} is the documentation example, not a real handle; copy one from a marker in your own output`);
    const db = openDatabase(databasePath(env));
    try {
      const block = getBlock(db, handle);
      if (!block) throw new ActionableError(`no archived block for handle ${handle}; handles resolve for 30 days on the machine that made them (database: ${databasePath(env)})`);
      // A person checking omni at a terminal is not a model reading the bytes back: recorded as
      // `terminal`, which the net savings do not charge.
      markRetrieved(db, handle, Math.floor(systemClock.now() / 1000), stdoutReaderId(env, stdoutIsTty()), null);
      const size = Buffer.byteLength(block.content, "utf8");
      const whole = block.originalLen > size ? ` · one block of a ${formatBytes(block.originalLen)} output` : "";
      // Secrets were masked before the block was archived: say so, the bytes cannot come back.
      const masked = block.content.includes(REDACTED) ? " · secrets were masked before archiving" : "";
      writeErr(`omni retrieve ${handle} · ${countLines(block.content)} lines · ${formatBytes(size)}${whole}${masked}\n`);
      writeOut(block.content);
      return 0;
    } finally {
      db.close();
    }
  },
});
