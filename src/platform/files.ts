/**
 * File-system helpers for the hooks and the host configuration writers: read what may be absent,
 * write atomically with a mode, copy a backup. The only place outside the store that touches fs
 * for these.
 */
import {
  accessSync,
  chmodSync,
  realpathSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { delimiter, dirname, join } from "node:path";

/** The file's text, or null when it is absent, unreadable, not a regular file or larger than `maxBytes`. */
export function readTextFile(path: string, maxBytes = Number.POSITIVE_INFINITY): string | null {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > maxBytes) return null;
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}

/** Files a project pins for every session; their names are injected at session start, not their contents. */
const PINNED_FILES = ["AGENTS.md", "CLAUDE.md", ".cursorrules", ".omni/CONTEXT.md"];

export function pinnedFilesIn(dir: string | null): string[] {
  return dir ? PINNED_FILES.filter((name) => existsSync(join(dir, name))) : [];
}

/** Write through a temporary sibling and a rename, so a crash never leaves half a config. */
export function writeTextFileAtomic(path: string, text: string, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.omni-tmp-${process.pid}`;
  const existingMode = existsSync(path) ? statSync(path).mode & 0o777 : undefined;
  writeFileSync(temp, text, { mode: mode ?? existingMode ?? 0o644 });
  renameSync(temp, path);
}

export function removeFile(path: string): void {
  rmSync(path, { force: true });
}

/** The directories above `path` that do not exist yet, deepest first (what writing it creates). */
export function missingParents(path: string): string[] {
  const missing: string[] = [];
  for (let dir = dirname(path); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) missing.push(dir);
  return missing;
}

/** Remove a directory only when it is empty; anything put there since stays, and so does it. */
export function removeEmptyDir(path: string): void {
  try {
    if (readdirSync(path).length === 0) rmdirSync(path);
  } catch {
    // absent or unreadable: nothing of ours to take back
  }
}

/** Rename a file if it exists; true when it was there to move. */
export function moveFile(from: string, to: string): boolean {
  if (!existsSync(from)) return false;
  renameSync(from, to);
  return true;
}

export function copyFile(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
  copyFileSync(from, to);
}

export function ensureDir(path: string, mode = 0o700): void {
  mkdirSync(path, { recursive: true, mode });
}

/** Permission bits, or null when the path is absent. */
export function fileMode(path: string): number | null {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return null;
  }
}

export function setFileMode(path: string, mode: number): void {
  chmodSync(path, mode);
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The first executable called `name` on a PATH string, resolved through links; null if none. */
export function findOnPath(name: string, path: string): string | null {
  const file = process.platform === "win32" ? `${name}.exe` : name;
  for (const dir of path.split(delimiter)) {
    if (!dir || !isExecutable(join(dir, file))) continue;
    try {
      return realpathSync(join(dir, file));
    } catch {
      return join(dir, file);
    }
  }
  return null;
}

/** The names in a directory, sorted; empty when it is absent or unreadable. */
export function listDir(path: string): string[] {
  try {
    return readdirSync(path).sort();
  } catch {
    return [];
  }
}

/** A writable directory (for a link into it). */
export function isWritableDir(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Where a symbolic link points, or null when `path` is not one. */
export function linkTarget(path: string): string | null {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : null;
  } catch {
    return null;
  }
}

/** Create a symbolic link at `path` to `target`; false when something is already there. */
export function createLink(target: string, path: string): boolean {
  try {
    symlinkSync(target, path);
    return true;
  } catch {
    return false;
  }
}
