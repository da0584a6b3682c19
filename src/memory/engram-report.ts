/** The `omni engram --json` document (SPEC §6 shape), shared by the CLI and MCP. */
import type { Db } from "../store/db.ts";
import { ENGRAM_DETAIL_SEPARATOR, latestEngramSession, listEngrams } from "../store/engrams.ts";
import type { MemoryScope } from "./scope.ts";

const MAX_ENGRAMS = 10;

export interface EngramReport {
  version: "1";
  session_id: string | null;
  engrams: {
    id: number;
    created_at: string;
    trigger: string;
    headline: string;
    files_changed: string[];
    errors_resolved: string[];
    commands_run: number;
    tokens_saved: number;
    age_seconds: number;
  }[];
}

export function engramReport(db: Db, scope: MemoryScope, nowSecs: number): EngramReport {
  const sessionId = latestEngramSession(db, scope.hash);
  const engrams = listEngrams(db, scope.hash, sessionId, MAX_ENGRAMS);
  return {
    version: "1",
    session_id: sessionId,
    engrams: engrams.map((engram) => ({
      id: engram.id,
      created_at: new Date(engram.ts * 1000).toISOString(),
      trigger: engram.trigger,
      headline: engram.label,
      files_changed: engram.files,
      errors_resolved: engram.detail === "" ? [] : engram.detail.split(ENGRAM_DETAIL_SEPARATOR),
      commands_run: 0,
      tokens_saved: 0,
      age_seconds: Math.max(0, nowSecs - engram.ts),
    })),
  };
}
