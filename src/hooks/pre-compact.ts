/**
 * PreCompact: the host is about to compact this session's context, so its readers stop holding
 * what they were shown. Forget the session's shown-set and its subagents' (`session/…`) with it:
 * nothing after a compaction may say "already shown" about bytes the reader no longer has.
 */
import { stringField } from "../hosts/types.ts";
import { forgetReader } from "../store/ledger.ts";
import type { HookContext, HookReply } from "./context.ts";

export function preCompact({ payload, db }: HookContext): HookReply {
  const sessionId = stringField(payload, "session_id", "sessionId");
  if (db && sessionId) forgetReader(db, sessionId);
  return null;
}
