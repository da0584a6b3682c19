/** Read side of run accounting (`distillations`, `execution_traces`, `sessions`) for memory and MCP reports. */
import type { RunRow } from "./rows.ts";
import type { Db } from "./db.ts";
import { RUN_ROW_COLUMNS, toRunRow, type RunRecordRow } from "./run-rows.ts";

/** A run as memory and MCP reports read it: the common run row, with an absent command read as "". */
export type RunSummary = RunRow & { command: string };

function toRun(row: RunRecordRow): RunSummary {
  return { ...toRunRow(row), command: row.command ?? "" };
}

export interface RunFilter {
  projectPath?: string | null;
  sessionId?: string | null;
  sinceTs?: number;
  commandLike?: string;
  limit: number;
}

/** Newest first. A null project or session filter means "any". */
export function recentRuns(db: Db, filter: RunFilter): RunSummary[] {
  const rows = db
    .query(
      `SELECT ${RUN_ROW_COLUMNS} FROM distillations
       WHERE (?1 IS NULL OR project_path = ?1) AND (?2 IS NULL OR session_id = ?2) AND ts >= ?3 AND (?4 IS NULL OR command LIKE ?4 ESCAPE '\\')
       ORDER BY id DESC LIMIT ?5`,
    )
    .all(
      filter.projectPath ?? null,
      filter.sessionId ?? null,
      filter.sinceTs ?? 0,
      filter.commandLike ?? null,
      filter.limit,
    ) as RunRecordRow[];
  return rows.map(toRun);
}

export interface SessionRow {
  id: string;
  startedAt: number;
  lastActive: number;
  agentId: string | null;
  projectPath: string | null;
  state: Record<string, unknown>;
}

interface RawSession {
  id: string;
  started_at: number;
  last_active: number;
  agent_id: string | null;
  project_path: string | null;
  state_json: string;
}

function toSession(row: RawSession): SessionRow {
  return {
    id: row.id,
    startedAt: row.started_at,
    lastActive: row.last_active,
    agentId: row.agent_id,
    projectPath: row.project_path,
    state: JSON.parse(row.state_json) as Record<string, unknown>,
  };
}

export function listSessions(db: Db, projectPath: string | null, limit: number): SessionRow[] {
  const rows = db
    .query(
      "SELECT id, started_at, last_active, agent_id, project_path, state_json FROM sessions WHERE ?1 IS NULL OR project_path = ?1 ORDER BY last_active DESC LIMIT ?2",
    )
    .all(projectPath, limit) as RawSession[];
  return rows.map(toSession);
}

export function getSession(db: Db, id: string): SessionRow | null {
  const row = db
    .query("SELECT id, started_at, last_active, agent_id, project_path, state_json FROM sessions WHERE id = ?1")
    .get(id) as RawSession | null;
  return row ? toSession(row) : null;
}

export function saveSessionState(db: Db, id: string, state: Record<string, unknown>): void {
  db.query("UPDATE sessions SET state_json = ?2 WHERE id = ?1").run(id, JSON.stringify(state));
}

export function deleteSession(db: Db, id: string): boolean {
  return db.query("DELETE FROM sessions WHERE id = ?1").run(id).changes > 0;
}

export interface Totals {
  commands: number;
  bytesIn: number;
  bytesOut: number;
  failures: number;
}

export function sessionTotals(db: Db, sessionId: string): Totals {
  const row = db
    .query(
      "SELECT COUNT(*) AS n, COALESCE(SUM(input_bytes), 0) AS i, COALESCE(SUM(output_bytes), 0) AS o, COALESCE(SUM(exit_code IS NOT NULL AND exit_code != 0), 0) AS f FROM distillations WHERE session_id = ?1 OR (session_id >= ?1 || '/' AND session_id < ?1 || '0')",
    )
    .get(sessionId) as { n: number; i: number; o: number; f: number };
  return { commands: row.n, bytesIn: row.i, bytesOut: row.o, failures: row.f };
}

export interface Breakdown {
  key: string;
  runs: number;
  bytesIn: number;
  bytesOut: number;
}

/** Bytes by filter label or by agent, for the project (or everything), since a time. */
export function breakdown(db: Db, by: "label" | "agent", projectPath: string | null, sinceTs: number, limit: number): Breakdown[] {
  const column = by === "label" ? "filter_name" : "agent_id";
  return (
    db
      .query(
        `SELECT ${column} AS key, COUNT(*) AS runs, SUM(input_bytes) AS bytesIn, SUM(output_bytes) AS bytesOut FROM distillations
         WHERE (?1 IS NULL OR project_path = ?1) AND ts >= ?2 GROUP BY ${column} ORDER BY SUM(input_bytes) DESC LIMIT ?3`,
      )
      .all(projectPath, sinceTs, limit) as Breakdown[]
  ).map((row) => ({ ...row, key: row.key ?? "unknown" }));
}

export function passthroughReasons(db: Db, sinceTs: number, limit: number): { reason: string; count: number; bytes: number }[] {
  return db
    .query(
      "SELECT reason, COUNT(*) AS count, SUM(bytes) AS bytes FROM passthrough_events WHERE ts >= ?1 GROUP BY reason ORDER BY SUM(bytes) DESC LIMIT ?2",
    )
    .all(sinceTs, limit) as { reason: string; count: number; bytes: number }[];
}

export function retrieveCount(db: Db, sinceTs: number): number {
  return (db.query("SELECT COUNT(*) AS n FROM retrieve_events WHERE ts >= ?1").get(sinceTs) as { n: number }).n;
}

export interface TraceText {
  command: string;
  agentId: string;
  raw: string;
}

/** Raw inputs of recent traces, newest first (the noise finder and the checker read these). */
export function recentTraceTexts(db: Db, projectPath: string | null, limit: number): TraceText[] {
  return (
    db
      .query(
        "SELECT command, agent_id AS agentId, raw_input AS raw FROM execution_traces WHERE ?1 IS NULL OR project_path = ?1 ORDER BY id DESC LIMIT ?2",
      )
      .all(projectPath, limit) as { command: string | null; agentId: string; raw: string }[]
  ).map((row) => ({ ...row, command: row.command ?? "" }));
}

/** Files the agent read most in the project recently (Read tool rows name the file as the command). */
export function hotFiles(db: Db, projectPath: string | null, sinceTs: number, limit: number): { path: string; reads: number }[] {
  return db
    .query(
      "SELECT command AS path, COUNT(*) AS reads FROM distillations WHERE tool = 'Read' AND (?1 IS NULL OR project_path = ?1) AND ts >= ?2 GROUP BY command ORDER BY reads DESC, MAX(id) DESC LIMIT ?3",
    )
    .all(projectPath, sinceTs, limit) as { path: string; reads: number }[];
}
