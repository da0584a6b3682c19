/**
 * What "project" names, one meaning per name:
 * - project path (`projectPathOf`, rows' `project_path`): the directory that identifies a project,
 *   the main checkout's root, so its worktrees share history; outside git, the directory itself.
 * - project hash (`projectHash`, src/base/project-hash.ts; rows' `project_hash`): first 16 hex of
 *   SHA-256 of the project path, the key of memory rows; GLOBAL_SCOPE for rows of no project.
 * - memory scope (`memoryScope`, src/memory/scope.ts): a project's path and hash together.
 * - project ledger scope (`projectScope`, src/ledger/types.ts): `project:<project path>`, the
 *   ledger scope every session of the project shares, beside each reader's own.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The project path of a directory; null for no directory. */
export function projectPathOf(cwd: string | null | undefined): string | null {
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
