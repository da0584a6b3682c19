import { createTwoFilesPatch } from "diff";
import { byteLength } from "../../base/lines.ts";
import { formatBytes } from "../../base/markers.ts";
import { paintFor } from "../../stats/color.ts";
import { stdoutIsTty, terminalColumns, writeOut } from "../../platform/io.ts";
import { databasePath } from "../../platform/paths.ts";
import { openReadOnly } from "../../store/db.ts";
import { latestTrace } from "../../store/traces.ts";
import { defineCommand } from "../command.ts";
import { sideBySide } from "../side-by-side.ts";

export default defineCommand({
  usage: "omni diff [--side-by-side | --json]",
  description: "The last command omni processed (hook, pipe or exec) that printed anything: raw against delivered.",
  flags: {
    "side-by-side": { type: "boolean", short: "y", description: "raw on the left, delivered on the right (default: unified)" },
    json: { type: "boolean", description: "print raw, delivered and the figures as one JSON object" },
  },
  run({ env }, { flags }) {
    const db = openReadOnly(databasePath(env));
    try {
      const trace = latestTrace(db);
      if (!trace) {
        writeOut("omni diff: nothing recorded yet. Run a command through omni first, e.g. omni exec git log\n");
        return 0;
      }
      const rawBytes = byteLength(trace.raw);
      const deliveredBytes = byteLength(trace.delivered);
      const saved = rawBytes - deliveredBytes;
      const percent = rawBytes === 0 ? 0 : (100 * saved) / rawBytes;
      if (flags.json) {
        writeOut(
          `${JSON.stringify({ command: trace.command, agent_id: trace.agentId, tool: trace.tool, raw_bytes: rawBytes, delivered_bytes: deliveredBytes, bytes_saved: saved, percent_saved: Number(percent.toFixed(1)), handle: trace.handle, raw: trace.raw, delivered: trace.delivered })}\n`,
        );
        return 0;
      }
      // The command can be any length; the full one is in --json. Every line fits 80 columns.
      const header = [
        `command:   ${trace.command || "(none)"}${trace.tool && trace.tool !== "Bash" ? ` [${trace.tool}]` : ""}`,
        `agent:     ${trace.agentId}`,
        `bytes:     ${formatBytes(rawBytes)} → ${formatBytes(deliveredBytes)} (${percent.toFixed(1)}% saved)`,
        `handle:    ${trace.handle ?? "none (nothing archived)"}`,
      ]
        .map((line) => ([...line].length > 80 ? `${[...line].slice(0, 79).join("")}…` : line))
        .join("\n");
      if (trace.raw === trace.delivered) {
        writeOut(`${header}\n\nDelivered unchanged (passthrough).\n`);
        return 0;
      }
      if (flags["side-by-side"]) {
        writeOut(`${header}\n\n${sideBySide(trace.raw, trace.delivered, terminalColumns(), paintFor(stdoutIsTty(), env))}`);
        return 0;
      }
      const patch = createTwoFilesPatch("raw", "delivered", trace.raw, trace.delivered, "", "", { context: 2 });
      writeOut(`${header}\n\n${patch.split("\n").slice(1).join("\n")}`);
      return 0;
    } finally {
      db.close();
    }
  },
});
