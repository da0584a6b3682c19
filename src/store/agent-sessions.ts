/** `agent_sessions`: the session each agent is in, per project, so several agents on one project can be told apart. */
import type { Db } from "./db.ts";

export interface AgentSession {
  agentId: string;
  sessionId: string | null;
  lastActive: number;
}

/**
 * One upsert, run inside recordRun's transaction so a hook pays no second commit. A late writer
 * with an older timestamp (concurrent hooks) does not move the row back.
 */
export function touchAgentSession(db: Db, row: { agentId: string; projectHash: string; sessionId: string; ts: number }): void {
  db.query(
    `INSERT INTO agent_sessions (agent_id, project_hash, session_id, last_active) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT(agent_id, project_hash) DO UPDATE SET session_id = excluded.session_id, last_active = excluded.last_active
     WHERE excluded.last_active >= agent_sessions.last_active`,
  ).run(row.agentId, row.projectHash, row.sessionId, row.ts);
}

/** The agents seen in a project, most recently active first. */
export function agentSessions(db: Db, projectHash: string): AgentSession[] {
  const rows = db
    .query("SELECT agent_id, session_id, last_active FROM agent_sessions WHERE project_hash = ?1 ORDER BY last_active DESC, agent_id")
    .all(projectHash) as { agent_id: string; session_id: string | null; last_active: number }[];
  return rows.map((row) => ({ agentId: row.agent_id, sessionId: row.session_id, lastActive: row.last_active }));
}
