/**
 * The database's files on disk: who may own them, what modes they keep, what is refused. A
 * symlink at the database path (or at its -wal/-shm) is refused, not followed: a link planted
 * there would send every archived byte wherever it points. A directory or file another user
 * owns is refused for writing. Modes are tightened on every open for writing, not only on creation.
 */
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, type Stats } from "node:fs";
import { basename, dirname } from "node:path";

/** The files SQLite keeps beside the database in WAL mode. */
export const SIDE_FILES = ["-wal", "-shm"] as const;

export class UnsafeDatabaseFile extends Error {}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

const uid = () => (typeof process.getuid === "function" ? process.getuid() : -1);

/** Refuse a symlink at the database path or at one of its side files (reading or writing). */
export function refuseSymlinks(path: string): void {
  for (const file of [path, ...SIDE_FILES.map((suffix) => path + suffix)]) {
    if (lstatOrNull(file)?.isSymbolicLink()) {
      throw new UnsafeDatabaseFile(
        `refusing ${file}: it is a symlink, and omni does not follow one to its database; remove it (omni makes a fresh database) or point OMNI_DB_PATH at the real file`,
      );
    }
  }
  const dir = lstatOrNull(dirname(path));
  if (dir?.isSymbolicLink() && basename(dirname(path)) === ".omni") {
    throw new UnsafeDatabaseFile(`refusing ${dirname(path)}: omni's directory is a symlink; replace it with a real directory`);
  }
}

/**
 * Before a read-write open: the directory exists (made 0700), is ours, and omni's own `.omni`
 * directory is 0700; the database and its side files are ours and readable by no one else.
 */
export function prepareForWriting(path: string): void {
  refuseSymlinks(path);
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const dirStat = lstatSync(dir);
  const me = uid();
  if (me >= 0 && dirStat.uid !== me) {
    throw new UnsafeDatabaseFile(
      `refusing ${dir}: it belongs to user ${dirStat.uid}, not to you (${me}); omni keeps its database in a directory you own (set OMNI_DB_PATH)`,
    );
  }
  // Only omni's own directory is tightened: OMNI_DB_PATH may point into a directory the user shares on purpose.
  if (basename(dir) === ".omni" && (dirStat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  if (!existsSync(path)) closeSync(openSync(path, "a", 0o600));
  for (const file of [path, ...SIDE_FILES.map((suffix) => path + suffix)]) {
    const stat = lstatOrNull(file);
    if (!stat) continue;
    if (me >= 0 && stat.uid !== me) {
      throw new UnsafeDatabaseFile(
        `refusing ${file}: it belongs to user ${stat.uid}, not to you (${me}); omni writes only a database you own`,
      );
    }
    // Tightened, never loosened: group and other bits go; a file the user made read-only stays so.
    if ((stat.mode & 0o077) !== 0) chmodSync(file, stat.mode & 0o700);
  }
}

/** Mode bits of the database, its side files and directory, for doctor; null where absent. */
export function databaseModes(path: string): Record<string, number | null> {
  const modes: Record<string, number | null> = {
    [dirname(path)]: lstatOrNull(dirname(path))?.mode ?? null,
    [path]: lstatOrNull(path)?.mode ?? null,
  };
  for (const suffix of SIDE_FILES) {
    const stat = lstatOrNull(path + suffix);
    if (stat) modes[path + suffix] = stat.mode;
  }
  for (const key of Object.keys(modes)) if (modes[key] !== null) modes[key] = modes[key]! & 0o777;
  return modes;
}
