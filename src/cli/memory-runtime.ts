/** Opens the database and resolves the project scope for a memory command, and always closes. */
import { nowSecs, projectScope, type ProjectScope } from "../memory/project.ts";
import { systemClock } from "../platform/clock.ts";
import { databasePath, type Env } from "../platform/paths.ts";
import { openDatabase, type Db } from "../store/db.ts";

export interface MemoryRuntime {
  db: Db;
  scope: ProjectScope;
  now: number;
}

export function withMemory<T>(env: Env, run: (memory: MemoryRuntime) => T): T {
  const db = openDatabase(databasePath(env));
  try {
    return run({ db, scope: projectScope(process.cwd()), now: nowSecs(systemClock.now()) });
  } finally {
    db.close();
  }
}
