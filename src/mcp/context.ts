/** What every tool gets: the environment, the project, a lazily opened database, loop state. */
import { detectAgentId } from "../hosts/index.ts";
import { readLoopSettings, type LoopSettings } from "../memory/loop.ts";
import { nowSecs } from "../base/clock.ts";
import { memoryScope, type MemoryScope } from "../memory/scope.ts";
import { systemClock } from "../platform/clock.ts";
import { databasePath, type Env } from "../platform/paths.ts";
import { openDatabase, type Db } from "../store/db.ts";

export interface ToolContext {
  env: Env;
  cwd: string;
  /** From the environment; when it names no host, the host behind the client's `initialize` name. */
  agentId: string;
  nowSecs(): number;
  /** Opened on first use and kept for the server's life; throws when the database cannot open. */
  db(): Db;
  scope(): MemoryScope;
  /** Starts from OMNI_LOOP_*; omni_set_loop_context replaces it for this server. */
  loop: LoopSettings;
  close(): void;
}

export function createToolContext(env: Env, cwd: string): ToolContext {
  let db: Db | null = null;
  let scope: MemoryScope | null = null;
  return {
    env,
    cwd,
    agentId: detectAgentId(env),
    nowSecs: () => nowSecs(systemClock.now()),
    db: () => (db ??= openDatabase(databasePath(env))),
    scope: () => (scope ??= memoryScope(cwd)),
    loop: readLoopSettings(env),
    close: () => db?.close(),
  };
}
