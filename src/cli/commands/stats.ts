import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadStatsReport } from "../../stats/load.ts";
import { paintFor } from "../../stats/color.ts";
import { CARD_TEXT_KEYWORD, cardSvg, withTextChunk } from "../../stats/render-card.ts";
import { renderShare } from "../../stats/render-share.ts";
import { renderContextOnly, renderReport, renderRerun } from "../../stats/render-text.ts";
import type { WindowName } from "../../store/rows.ts";
import { statsWindow } from "../../stats/window.ts";
import { systemClock } from "../../platform/clock.ts";
import { stdoutIsTty, writeOut } from "../../platform/io.ts";
import { databasePath } from "../../platform/paths.ts";
import { svgToPng } from "../../platform/rasterize.ts";
import { openReadOnly } from "../../store/db.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";

export default defineCommand({
  usage: "omni stats [window flag] [--detail|--json|--share|--card [png]|--rerun]",
  description: "What omni saved on your own history, in counted bytes (default: last 30 days).",
  flags: {
    hour: { type: "boolean", short: "H", description: "the last hour" },
    today: { type: "boolean", description: "the last 24 hours" },
    day: { type: "boolean", short: "d", description: "the last 24 hours (same as --today)" },
    week: { type: "boolean", short: "w", description: "the last 7 days" },
    month: { type: "boolean", short: "m", description: "the last 30 days (the default)" },
    detail: { type: "boolean", description: "per command, route, session, agent and distiller" },
    "all-commands": { type: "boolean", description: "every command, not just the top ones" },
    project: { type: "boolean", description: "broken down per project path" },
    context: { type: "boolean", description: "only the context breakdown" },
    rerun: { type: "boolean", description: "which distillers cost a re-run" },
    json: { type: "boolean", description: "the whole report as JSON (schema_version 1)" },
    share: { type: "boolean", description: "a copy-paste summary" },
    card: { type: "boolean", description: "the --share summary as a PNG (default ./omni-stats.png)" },
  },
  notes: [
    "Figures are counted bytes over model-facing rows. Terminal rows (TTY output no",
    "model read) are excluded, and the report says how many. Net figures leave out",
    "bytes past the host's own cap, count footers as cost, and charge retrievals and",
    "re-runs within 300 s to the distiller that caused them.",
    "Exit status: 0; 1 when the database cannot be opened or the card not written.",
  ].join("\n"),
  async run({ env }, { flags, positionals }) {
    const windowName = pickWindow(flags);
    const outputs = OUTPUT_FLAGS.filter((name) => flags[name]);
    if (outputs.length > 1)
      throw new ActionableError(`pick one output, not ${outputs.map((n) => `--${n}`).join(" and ")}: each replaces the report`);
    if (positionals.length > (flags.card ? 1 : 0))
      throw new ActionableError(`unexpected argument \`${positionals[0]}\`; only --card takes a file name`);
    const db = openReadOnly(databasePath(env));
    let report;
    try {
      const window = statsWindow(windowName, Math.floor(systemClock.now() / 1000));
      report = loadStatsReport(db, window);
    } finally {
      db.close();
    }
    const paint = paintFor(stdoutIsTty(), env);
    if (flags.json) writeOut(`${JSON.stringify(report, null, 2)}\n`);
    else if (flags.share) writeOut(renderShare(report));
    else if (flags.card) {
      const path = resolve(positionals[0] ?? "omni-stats.png");
      let png: Uint8Array;
      try {
        png = await svgToPng(cardSvg(report));
      } catch (error) {
        throw new ActionableError(
          `the PNG renderer failed here (${error instanceof Error ? error.message : String(error)}); omni stats --share prints the same summary as text`,
        );
      }
      writeFileSync(path, withTextChunk(png, CARD_TEXT_KEYWORD, renderShare(report)));
      writeOut(`wrote ${path}\n`);
    } else if (flags.rerun) writeOut(renderRerun(report, paint));
    else if (flags.context) writeOut(renderContextOnly(report, paint));
    else
      writeOut(
        renderReport(report, {
          detail: Boolean(flags.detail),
          allCommands: Boolean(flags["all-commands"]),
          project: Boolean(flags.project),
          paint,
        }),
      );
    return 0;
  },
});

/** Flags that each print a different document: two at once would silently drop one. */
const OUTPUT_FLAGS = ["json", "share", "card", "rerun", "context"] as const;

function pickWindow(flags: Record<string, string | boolean | undefined>): WindowName {
  const chosen = (["hour", "today", "day", "week", "month"] as const).filter((name) => flags[name]);
  if (new Set(chosen.map((name) => (name === "today" ? "day" : name))).size > 1)
    throw new ActionableError(`pick one window, not ${chosen.map((n) => `--${n}`).join(" and ")}`);
  const name = chosen[0];
  return name === undefined ? "month" : name === "today" ? "day" : name;
}
