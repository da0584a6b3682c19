/**
 * git output, recognised by its shape rather than by the subcommand: a long-form status, a log in
 * one of git's default formats (with or without patches), a bare diff, or a `bisect run`'s steps and verdict. `--oneline`, `--stat`,
 * `--porcelain` and custom formats are already minimal (route.ts sends most of them past us).
 */
import { splitLines, stripAnsi } from "../base/lines.ts";
import { distillBisectRun, isBisectRun } from "./git/bisect.ts";
import { distillDiff } from "./git/diff.ts";
import { distillLog, isLog } from "./git/log.ts";
import { distillStatus, isStatus } from "./git/status.ts";
import { defineDistiller } from "./types.ts";

function distillBareDiff(lines: string[]): string | null {
  const start = lines.findIndex((line) => line.trim() !== "");
  if (start < 0 || !lines[start]!.startsWith("diff --git ")) return null;
  const diff = distillDiff(lines, start);
  if (!diff) return null;
  const { files, added, removed } = diff.summary;
  // Lines after the diff (a warning on stderr the host appended) are not ours: kept as they were.
  const after = lines.slice(diff.end).filter((line) => line.trim() !== "");
  return [`git diff: ${files} file${files === 1 ? "" : "s"}, +${added} -${removed}`, ...diff.summary.lines, ...after].join("\n") + "\n";
}

export default defineDistiller({
  id: "git",
  collapse: "generic",
  declined: "not recognised",
  describe:
    "git status, log, show, diff and bisect run: every path, every commit as hash + subject, every changed line with its hunk header, every bisect step's outcome and the first bad commit.",
  distill({ text }) {
    // `color.ui=always` output reads the same without its escapes.
    const lines = splitLines(stripAnsi(text));
    if (isStatus(lines)) return distillStatus(lines);
    if (isLog(lines)) return distillLog(lines);
    if (isBisectRun(lines)) return distillBisectRun(lines);
    return distillBareDiff(lines);
  },
});
