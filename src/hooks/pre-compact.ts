/**
 * PreCompact: the host is about to compact this session's context, so its readers stop holding
 * what they were shown. Forget the session's shown-set and its subagents' (`session/…`) with it:
 * nothing after a compaction may say "already shown" about bytes the reader no longer has.
 */
import { isRecord, stringField } from "../hosts/types.ts";
import { decodeUtf8 } from "../platform/io.ts";

/** Returns the session id that was forgotten, or null when the payload named none. */
export function preCompact(stdin: Uint8Array, forgetSession: (sessionId: string) => void): string | null {
  const text = decodeUtf8(stdin);
  if (text === null || text.trim() === "") return null;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(payload)) return null;
  const sessionId = stringField(payload, "session_id", "sessionId");
  if (!sessionId) return null;
  forgetSession(sessionId);
  return sessionId;
}
