/**
 * `distillations`, the run accounting: one row per hook, pipe, exec or MCP run, written with the
 * rows that run owes other tables (its trace, its session, its agent session, a passthrough event)
 * in one transaction, and read back for memory and MCP reports.
 */
import type { RunRecord } from "../core/pipeline-types.ts";
import { projectHash } from "../base/project-hash.ts";
import { touchAgentSession } from "./agent-sessions.ts";
import type { Db } from "./db.ts";
import type { RunRow } from "./rows.ts";
import { RUN_ROW_COLUMNS, toRunRow, type RunRecordRow } from "./run-rows.ts";

/** The pipeline's run record, stamped in seconds for the table. */
export type RunInsert = Omit<RunRecord, "tsMs"> & { ts: number };

/** One transaction for the rows a run writes: short, so concurrent hooks rarely wait. */
export function recordRun(db: Db, row: RunInsert): void {
  db.transaction(() => {
    const { lastInsertRowid: runId } = db
      .query(
        `INSERT INTO distillations (session_id, ts, filter_name, distiller, entry, tool, input_bytes, output_bytes,
        delivered_bytes, route, reason, latency_ms, rewind_hash, command, project_path, agent_id, exit_code, footer)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)`,
      )
      .run(
        row.sessionId,
        row.ts,
        row.label,
        row.distiller,
        row.entry,
        row.tool,
        row.inputBytes,
        row.outputBytes,
        row.deliveredBytes,
        row.route,
        row.reason,
        row.latencyMs,
        row.handle,
        row.command,
        row.projectPath,
        row.agentId,
        row.exitCode,
        row.footer ?? null,
      );
    db.query(
      `INSERT INTO execution_traces (session_id, ts, command, agent_id, project_path, tool, raw_input, distilled_output, rewind_hash, run_id)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).run(row.sessionId, row.ts, row.command, row.agentId, row.projectPath, row.tool, row.raw, row.delivered, row.handle, Number(runId));
    if (row.sessionId) {
      db.query(
        `INSERT INTO sessions (id, started_at, last_active, agent_id, project_path) VALUES (?1, ?2, ?2, ?3, ?4)
         ON CONFLICT(id) DO UPDATE SET last_active = excluded.last_active`,
      ).run(row.sessionId, row.ts, row.agentId, row.projectPath);
      if (row.projectPath)
        touchAgentSession(db, { agentId: row.agentId, projectHash: projectHash(row.projectPath), sessionId: row.sessionId, ts: row.ts });
    }
    if (row.route === "passthrough") {
      db.query("INSERT INTO passthrough_events (command, bytes, ts, reason, agent_id) VALUES (?1, ?2, ?3, ?4, ?5)").run(
        row.command,
        row.inputBytes,
        row.ts,
        row.reason ?? "unrecorded",
        row.agentId,
      );
    }
  })();
}

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

export interface Totals {
  commands: number;
  bytesIn: number;
  bytesOut: number;
  failures: number;
}

/** A session's runs, its subagents' (`session/agent`) included. */
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

/** Files the agent read most in the project recently (Read tool rows name the file as the command). */
export function hotFiles(db: Db, projectPath: string | null, sinceTs: number, limit: number): { path: string; reads: number }[] {
  return db
    .query(
      "SELECT command AS path, COUNT(*) AS reads FROM distillations WHERE tool = 'Read' AND (?1 IS NULL OR project_path = ?1) AND ts >= ?2 GROUP BY command ORDER BY reads DESC, MAX(id) DESC LIMIT ?3",
    )
    .all(projectPath, sinceTs, limit) as { path: string; reads: number }[];
}

/** Whether a recorded run archived this handle: its block may have been dropped since, its run row kept. */
export function runArchived(db: Db, handle: string): boolean {
  return db.query("SELECT 1 FROM distillations WHERE rewind_hash = ?1 LIMIT 1").get(handle) !== null;
}
