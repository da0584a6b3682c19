/**
 * The project scope: the repository identity of a directory, so worktrees and checkouts of one
 * repository share history. Falls back to the directory itself outside git.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export function projectKey(cwd: string | null | undefined): string | null {
  if (!cwd) return null;
  let dir = resolve(cwd);
  for (;;) {
    const gitPath = join(dir, ".git");
    if (existsSync(gitPath)) return gitCommonDir(gitPath) ?? dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(cwd);
    dir = parent;
  }
}

/** A worktree's `.git` is a file pointing into the main repository's `.git/worktrees/<name>`. */
function gitCommonDir(gitPath: string): string | null {
  try {
    if (statSync(gitPath).isDirectory()) return dirname(gitPath);
    const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(gitPath, "utf8"))?.[1]?.trim();
    if (!pointer) return null;
    const gitDir = resolve(dirname(gitPath), pointer);
    const common = join(gitDir, "commondir");
    const commonDir = existsSync(common) ? resolve(gitDir, readFileSync(common, "utf8").trim()) : gitDir;
    return dirname(commonDir);
  } catch {
    return null;
  }
}
