/**
 * Unified diffs (`git diff`, and the patch part of `git show` / `git log -p`): every file, every
 * hunk header and every changed line survive (a file deleted whole is named with its line
 * count instead); the envelope (`index`, `---`/`+++`) and the unchanged context go. The hunk
 * header keeps the line numbers and the enclosing function, so each change stays locatable;
 * the full patch is behind the archive handle.
 */
import { carriesFailure } from "../../base/failure.ts";

export interface DiffSummary {
  lines: string[];
  files: number;
  added: number;
  removed: number;
}

interface FileState {
  oldPath: string | null;
  newPath: string | null;
  notes: string[];
  /** Unrecognised header lines, kept verbatim rather than guessed at. */
  extra: string[];
  body: string[];
  removed: number;
}

/** `a/P b/P` → P when both sides name the same path (the common case, spaces allowed). */
function pathFromGitHeader(rest: string): string | null {
  const length = (rest.length - 5) / 2;
  if (!rest.startsWith("a/") || !Number.isInteger(length) || length <= 0) return null;
  const left = rest.slice(2, 2 + length);
  return rest.slice(2 + length, 5 + length) === " b/" && rest.slice(5 + length) === left ? left : null;
}

function sidePath(line: string): string | null {
  const raw = line.slice(4).replace(/\t.*$/, "");
  if (raw === "/dev/null") return null;
  return raw.replace(/^[ab]\//, "");
}

function headerLine(file: FileState): string {
  const from = file.oldPath;
  const to = file.newPath;
  const name = from && to && from !== to ? `${from} → ${to}` : (to ?? from ?? "?");
  return file.notes.length > 0 ? `${name} (${file.notes.join(", ")})` : name;
}

/** True when `line` belongs to a hunk body: changed, context, or the no-newline note. */
function isHunkLine(line: string): boolean {
  return line === "" || line.startsWith("+") || line.startsWith("-") || line.startsWith(" ") || line.startsWith("\\");
}

/**
 * Distill the diff that starts at `lines[start]` (a `diff --git` line). Stops at the first line
 * that cannot belong to the diff and reports where, so `git log -p` can go on with the next commit.
 * Returns null on a shape it does not know (combined merge diffs).
 */
export function distillDiff(lines: string[], start: number): { summary: DiffSummary; end: number } | null {
  const summary: DiffSummary = { lines: [], files: 0, added: 0, removed: 0 };
  let file: FileState | null = null;
  let inHunk = false;
  const flush = () => {
    if (!file) return;
    if (file.notes.includes("deleted")) {
      // A file removed whole: "deleted, N lines" says all of it; the lines are behind the handle.
      file.notes.push(`${file.removed} lines`);
      file.body = file.body.filter((line) => line.startsWith("-") && carriesFailure(line));
    }
    summary.lines.push(headerLine(file), ...file.extra, ...file.body);
    summary.files++;
    file = null;
  };
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("diff --git ")) {
      flush();
      const path = pathFromGitHeader(line.slice("diff --git ".length));
      file = { oldPath: path, newPath: path, notes: [], extra: [], body: [], removed: 0 };
      inHunk = false;
      continue;
    }
    if (line.startsWith("diff --cc ") || line.startsWith("diff --combined ")) return null;
    if (!file) break;
    if (line.startsWith("@@ ")) {
      inHunk = true;
      file.body.push(line);
      continue;
    }
    if (inHunk && isHunkLine(line)) {
      if (line.startsWith("+")) summary.added++;
      else if (line.startsWith("-")) {
        summary.removed++;
        file.removed++;
      }
      // Context goes, except a line stating a failure: those are never dropped.
      if (line.startsWith("+") || line.startsWith("-") || line.startsWith("\\") || carriesFailure(line)) file.body.push(line);
      continue;
    }
    if (inHunk) break;
    if (!readHeaderLine(file, line)) break;
  }
  flush();
  return summary.files > 0 ? { summary, end: i } : null;
}

/** Extended header lines between `diff --git` and the first hunk. False when the diff has ended. */
function readHeaderLine(file: FileState, line: string): boolean {
  if (line.startsWith("index ")) return true;
  if (line.startsWith("--- ")) {
    file.oldPath = sidePath(line);
    if (file.oldPath === null) pushOnce(file.notes, "new file");
  } else if (line.startsWith("+++ ")) {
    file.newPath = sidePath(line);
    if (file.newPath === null) pushOnce(file.notes, "deleted");
  } else if (line.startsWith("new file mode")) pushOnce(file.notes, "new file");
  else if (line.startsWith("deleted file mode")) pushOnce(file.notes, "deleted");
  else if (line.startsWith("rename from ") || line.startsWith("copy from ")) file.oldPath = line.replace(/^(?:rename|copy) from /, "");
  else if (line.startsWith("rename to ") || line.startsWith("copy to ")) file.newPath = line.replace(/^(?:rename|copy) to /, "");
  else if (line.startsWith("similarity index ")) file.notes.push(`${line.slice("similarity index ".length)} similar`);
  else if (line.startsWith("old mode ")) file.notes.push(`mode ${line.slice("old mode ".length)}`);
  else if (line.startsWith("new mode ")) file.notes.push(`${file.notes.pop() ?? "mode ?"} → ${line.slice("new mode ".length)}`);
  else if (line.startsWith("Binary files ")) file.notes.push("binary");
  else if (line === "" || /^commit [0-9a-f]{7,}/.test(line)) return false;
  else file.extra.push(line);
  return true;
}

function pushOnce(notes: string[], note: string): void {
  if (!notes.includes(note)) notes.push(note);
}
