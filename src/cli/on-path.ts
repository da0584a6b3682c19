/**
 * Can the agent's shell run `omni`? Hooks call omni by absolute path, but every marker tells the
 * model to run `omni retrieve <handle>`, a bare name its shell looks up on PATH. When nothing
 * answers, the model gets "command not found" and the removed bytes are out of its reach.
 * init and `doctor --fix` link the executable into a directory of the user's own that is
 * already on PATH (~/.local/bin, ~/bin); shell configuration is never edited.
 */
import { basename, delimiter, dirname, join, resolve, sep } from "node:path";
import { createLink, ensureDir, fileExists, findOnPath, isWritableDir, linkTarget, removeFile } from "../platform/files.ts";
import { homeDir, type Env } from "../platform/paths.ts";

export interface OnPathStatus {
  /** The `omni` the shell runs (links resolved), or null. */
  found: string | null;
  /** Why the agent could not run `omni`, with the exact fix; null when it can. */
  problem: string | null;
}

export function omniOnPath(env: Env, exe: string): OnPathStatus {
  const found = findOnPath("omni", env.PATH ?? "");
  if (found !== null) return { found, problem: null };
  const dir = linkDirectory(env);
  const root = packageRoot(exe);
  const ways = [
    ...(dir ? [`omni doctor --fix (links ${join(dir, "omni")} to ${exe})`] : []),
    ...(root ? [`npm install -g ${root}`] : []),
    `ln -s ${exe} <a directory on your PATH>/omni`,
  ];
  return {
    found,
    problem: `\`omni\` is not on PATH, so an agent told by a marker to run \`omni retrieve <handle>\` gets "command not found" (fix: ${ways.join("; or ")})`,
  };
}

/** Link omni into a PATH directory under HOME when nothing answers to `omni`; says what it did, or null. */
export function linkOntoPath(env: Env, exe: string): string | null {
  if (findOnPath("omni", env.PATH ?? "") !== null) return null;
  const dir = linkDirectory(env);
  if (dir === null) return null;
  ensureDir(dir, 0o755);
  const link = join(dir, "omni");
  return createLink(exe, link) ? `linked ${link} → ${exe}, so the agent's shell finds omni` : null;
}

/** Remove the link init made, only if it still points at this omni. */
export function unlinkFromPath(env: Env, exe: string): string | null {
  for (const dir of pathDirsUnderHome(env)) {
    const link = join(dir, "omni");
    if (linkTarget(link) === exe) {
      removeFile(link);
      return `removed the link ${link}`;
    }
  }
  return null;
}

/**
 * The first directory on PATH inside HOME that exists and is writable: the user's own bin. A
 * profile that puts ~/.local/bin on PATH before it exists (Debian's and Ubuntu's do) counts too:
 * it is created when the link is made.
 */
function linkDirectory(env: Env): string | null {
  const dirs = pathDirsUnderHome(env);
  const free = (dir: string) => !fileExists(join(dir, "omni")) && linkTarget(join(dir, "omni")) === null;
  const existing = dirs.find((dir) => isWritableDir(dir) && free(dir));
  if (existing !== undefined) return existing;
  const userBin = resolve(homeDir(env), ".local", "bin");
  return dirs.includes(userBin) && !fileExists(userBin) ? userBin : null;
}

function pathDirsUnderHome(env: Env): string[] {
  const home = resolve(homeDir(env));
  return (env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "")
    .map((dir) => resolve(dir))
    .filter((dir) => dir.startsWith(home + sep));
}

/** The checkout or package an executable at <root>/dist/omni belongs to, for `npm install -g`. */
function packageRoot(exe: string): string | null {
  const dist = dirname(exe);
  if (basename(dist) !== "dist" && basename(dist) !== "bin") return null;
  const root = dirname(dist);
  return fileExists(join(root, "package.json")) ? root : null;
}
