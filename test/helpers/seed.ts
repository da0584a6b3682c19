/**
 * Seeds a sandbox database the way real use does: each line of a recorded Claude Code session
 * goes through the built executable's post-hook, `omni exec` adds TTY rows, `omni retrieve`
 * pulls a handle back. Session closes are inserted directly: their hook lives in the hosts layer.
 */
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, runOmni, type Sandbox } from "./sandbox.ts";

export const SESSION_FIXTURE = join(REPO_ROOT, "test/fixtures/sessions/gen-zlib-build-and-compile-error.jsonl");

export const NOISY_COMMAND = `node -e 'for (let i = 0; i < 300; i++) console.log("Compiling crate-" + i + " v1.0." + i); console.log("Finished release target(s) in 3.2s")'`;

/** Replays every payload line through `omni --post-hook`; returns how many lines it fed. */
export function replaySession(
  sandbox: Sandbox,
  file = SESSION_FIXTURE,
  rewrite: (payload: Record<string, unknown>) => Record<string, unknown> = (p) => p,
): number {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  for (const line of lines) runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify(rewrite(JSON.parse(line))) });
  return lines.length;
}

export interface Seeded {
  handle: string;
}

/** A realistic mix: the session, two TTY runs no model read, one retrieval, three closed sessions. */
export function seedMixedHistory(sandbox: Sandbox): Seeded {
  replaySession(sandbox);
  runOmni(["exec", "--agent", "terminal", NOISY_COMMAND], { env: sandbox.env });
  runOmni(["exec", "--agent", "terminal", "git --version"], { env: sandbox.env });
  const db = new Database(sandbox.dbPath);
  try {
    const handle = (
      db
        .query("SELECT rewind_hash AS h FROM distillations WHERE agent_id = 'claude_code' AND rewind_hash IS NOT NULL ORDER BY id LIMIT 1")
        .get() as { h: string }
    ).h;
    const now = Math.floor(Date.now() / 1000);
    const close = db.query(
      "INSERT INTO session_summaries (session_id, started_at, ended_at, agent_id, total_commands, exit_reason) VALUES (?1, ?2, ?3, 'claude_code', ?4, ?5)",
    );
    close.run("closed-a", now - 7_200, now - 3_600, 12, "compaction");
    close.run("closed-b", now - 7_200, now - 3_500, 30, "other");
    close.run("closed-c", now - 7_200, now - 3_400, 5, "compaction");
    db.close();
    runOmni(["retrieve", handle], { env: { ...sandbox.env, OMNI_AGENT_ID: "claude_code" } });
    return { handle };
  } catch (error) {
    db.close();
    throw error;
  }
}

export interface IndependentCounts {
  calls: number;
  inputBytes: number;
  deliveredBytes: number;
  terminalRows: number;
  savedNothing: number;
  retrievalBytes: number;
  baselineBytes: number;
  routes: Record<string, number>;
  reasons: Record<string, number>;
}

/** The same figures counted straight from SQL, written without the aggregation's code. */
export function countWithSql(dbPath: string): IndependentCounts {
  const db = new Database(dbPath, { readonly: true });
  try {
    const facing = "agent_id != 'terminal' AND delivered_bytes > 0";
    const totals = db
      .query(
        `SELECT COUNT(*) AS calls, SUM(input_bytes) AS input, SUM(delivered_bytes) AS delivered,
           SUM(delivered_bytes >= input_bytes) AS saved_nothing,
           SUM(CASE WHEN agent_id = 'claude_code' AND tool = 'Bash' AND input_bytes > 30000 THEN 30000 ELSE input_bytes END) AS baseline
         FROM distillations WHERE ${facing}`,
      )
      .get() as { calls: number; input: number; delivered: number; saved_nothing: number; baseline: number };
    const terminal = (db.query("SELECT COUNT(*) AS n FROM distillations WHERE agent_id = 'terminal'").get() as { n: number }).n;
    const retrieval = (
      db
        .query(
          `SELECT COALESCE(SUM(COALESCE(r.bytes, length(CAST(r.content AS BLOB)))), 0) AS n FROM retrieve_events e JOIN rewind_store r ON r.hash = e.hash
           WHERE EXISTS (SELECT 1 FROM distillations d WHERE d.rewind_hash = e.hash AND d.agent_id != 'terminal' AND d.delivered_bytes > 0)`,
        )
        .get() as { n: number }
    ).n;
    const grouped = (column: string, where: string) =>
      Object.fromEntries(
        (
          db.query(`SELECT ${column} AS k, COUNT(*) AS n FROM distillations WHERE ${facing} ${where} GROUP BY ${column}`).all() as {
            k: string;
            n: number;
          }[]
        ).map((r) => [r.k, r.n]),
      );
    return {
      calls: totals.calls,
      inputBytes: totals.input,
      deliveredBytes: totals.delivered,
      terminalRows: terminal,
      savedNothing: totals.saved_nothing,
      retrievalBytes: retrieval,
      baselineBytes: totals.baseline,
      routes: grouped("route", ""),
      reasons: grouped("reason", "AND route = 'passthrough'"),
    };
  } finally {
    db.close();
  }
}
