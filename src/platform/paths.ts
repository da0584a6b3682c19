/** Where omni keeps its files. OMNI_DB_PATH wins, then OMNI_DATA_HOME / OMNI_HOME, then ~/.omni. */
import { homedir } from "node:os";
import { join } from "node:path";

export type Env = Record<string, string | undefined>;

export function homeDir(env: Env = process.env): string {
  return env.HOME && env.HOME !== "" ? env.HOME : homedir();
}

export function omniHome(env: Env = process.env): string {
  return env.OMNI_HOME || join(homeDir(env), ".omni");
}

function dataHome(env: Env = process.env): string {
  return env.OMNI_DATA_HOME || omniHome(env);
}

export function databasePath(env: Env = process.env): string {
  return env.OMNI_DB_PATH || join(dataHome(env), "omni.db");
}
