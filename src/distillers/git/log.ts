/**
 * `git log` / `git show` in the default (medium, full, fuller, raw) formats: every commit becomes
 * one `<short hash> <subject>` line, decorations kept. No commit is ever dropped; the envelope
 * (Author, Date, Merge, the body) goes behind the archive handle. Patches that follow a commit
 * (`-p`, `git show`) go through the diff distiller.
 */
import { carriesFailure } from "../../base/failure.ts";
import { distillDiff } from "./diff.ts";

/** Git's own default abbreviation. */
const SHORT_HASH_CHARS = 7;
const COMMIT_LINE = /^commit ([0-9a-f]{40}|[0-9a-f]{64})(?: (\(.*\)))?$/;

export function isLog(lines: string[]): boolean {
  const first = lines.find((line) => line.trim() !== "");
  return first !== undefined && COMMIT_LINE.test(first);
}

export function distillLog(lines: string[]): string | null {
  const out: string[] = [];
  let commits = 0;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const commit = COMMIT_LINE.exec(line);
    if (commit) {
      const parsed = readCommit(lines, i + 1);
      if (commits > 0 && parsed.next < lines.length && lines[parsed.next]!.startsWith("diff --git ")) out.push("");
      const decoration = commit[2] ? ` ${commit[2]}` : "";
      out.push(`${commit[1]!.slice(0, SHORT_HASH_CHARS)}${decoration}${parsed.subject ? ` ${parsed.subject}` : ""}`, ...parsed.kept);
      commits++;
      i = parsed.next;
      continue;
    }
    if (line.startsWith("diff --git ")) {
      const diff = distillDiff(lines, i);
      if (!diff) return null;
      out.push(...diff.summary.lines);
      i = diff.end;
      continue;
    }
    // Anything else (notes, a stray warning) is kept as it was: unknown means untouched.
    if (line.trim() !== "") out.push(line);
    i++;
  }
  return commits > 0 ? out.join("\n") + "\n" : null;
}

/**
 * Header lines up to the first blank line, then the message indented by four spaces. The first
 * message line is the subject; body lines go, except any that states a failure.
 */
function readCommit(lines: string[], start: number): { subject: string; kept: string[]; next: number } {
  let i = start;
  while (i < lines.length && lines[i]!.trim() !== "" && !COMMIT_LINE.test(lines[i]!)) i++;
  if (i < lines.length && lines[i]!.trim() === "") i++;
  let subject = "";
  const kept: string[] = [];
  while (i < lines.length && (lines[i]!.startsWith("    ") || lines[i] === "")) {
    const text = lines[i]!.trim();
    if (lines[i] === "" && (i + 1 >= lines.length || !lines[i + 1]!.startsWith("    "))) break;
    if (!subject && text) subject = text;
    else if (text && carriesFailure(text)) kept.push(`    ${text}`);
    i++;
  }
  while (i < lines.length && lines[i]!.trim() === "") i++;
  return { subject, kept, next: i };
}
