/** `tool_errors`: failures of a command not yet followed by a pass. */
import { redactCommand, redactText } from "../base/redact.ts";
import type { Db } from "./db.ts";

export function insertToolError(
  db: Db,
  row: { command: string; projectHash: string | null; sessionId: string | null; lines: string[]; ts: number },
): void {
  db.query("INSERT INTO tool_errors (command, project_hash, session_id, lines, ts) VALUES (?1, ?2, ?3, ?4, ?5)").run(
    redactCommand(row.command),
    row.projectHash,
    row.sessionId,
    JSON.stringify(row.lines.map((line) => redactText(line))),
    row.ts,
  );
}

/** Open failures of the command, newest first, with the failure lines each one printed. */
export function openToolErrors(db: Db, command: string, projectHash: string | null): string[][] {
  const rows = db
    .query("SELECT lines FROM tool_errors WHERE command = ?1 AND project_hash IS ?2 AND resolved = 0 ORDER BY id DESC LIMIT 50")
    .all(redactCommand(command), projectHash) as { lines: string }[];
  return rows.map((row) => JSON.parse(row.lines) as string[]);
}

export function resolveToolErrors(db: Db, command: string, projectHash: string | null): void {
  db.query("UPDATE tool_errors SET resolved = 1 WHERE command = ?1 AND project_hash IS ?2 AND resolved = 0").run(
    redactCommand(command),
    projectHash,
  );
}
