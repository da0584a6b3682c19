/** What every hook handler gets: the parsed payload and the runtime. Handlers return the reply or null. */
import type { PipelineDeps } from "../core/pipeline-types.ts";
import type { Env } from "../platform/paths.ts";
import type { Db } from "../store/db.ts";

export interface HookContext {
  payload: Record<string, unknown>;
  env: Env;
  db: Db | null;
  deps: PipelineDeps;
  /** Absolute path of this executable, for rewrites that call omni again. */
  exe: string;
  /** The agent id recorded for this host (OMNI_AGENT_ID wins). */
  agentId: string;
  /** The canonical event name, as the reply must spell it back. */
  event: string;
  /** Work that must not delay the reply (retention cleanup): run after it is written. */
  afterReply: Array<() => void>;
}

/** A reply to print as JSON on stdout, or null to print nothing (the host keeps its bytes). */
export type HookReply = unknown | null;

export type HookHandler = (context: HookContext) => HookReply;
