/** Opens the database and resolves the memory scope for a memory command, and always closes. */
import { nowSecs } from "../base/clock.ts";
import { memoryScope, type MemoryScope } from "../memory/scope.ts";
import { systemClock } from "../platform/clock.ts";
import { databasePath, type Env } from "../platform/paths.ts";
import { openDatabase, openReadOnly, type Db } from "../store/db.ts";

export interface MemoryRuntime {
  db: Db;
  scope: MemoryScope;
  now: number;
}

/** `readOnly`: a command that only reads opens the database read-only, so it works without write access. */
export function withMemory<T>(env: Env, run: (memory: MemoryRuntime) => T, options: { readOnly?: boolean } = {}): T {
  const db = options.readOnly ? openReadOnly(databasePath(env)) : openDatabase(databasePath(env));
  try {
    return run({ db, scope: memoryScope(process.cwd()), now: nowSecs(systemClock.now()) });
  } finally {
    db.close();
  }
}
