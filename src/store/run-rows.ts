/** `distillations` rows as plain objects: the one mapper every read of run rows uses. */
import type { FooterMode } from "../base/markers.ts";
import type { RunRow } from "./rows.ts";

export const RUN_ROW_COLUMNS =
  "id, ts, session_id, agent_id, entry, tool, command, filter_name, distiller, route, reason, input_bytes, output_bytes, delivered_bytes, latency_ms, rewind_hash, project_path, exit_code, footer";

export interface RunRecordRow {
  id: number;
  ts: number;
  session_id: string | null;
  agent_id: string;
  entry: string;
  tool: string | null;
  command: string | null;
  filter_name: string;
  distiller: string | null;
  route: string;
  reason: string | null;
  input_bytes: number;
  output_bytes: number;
  delivered_bytes: number;
  latency_ms: number;
  rewind_hash: string | null;
  project_path: string | null;
  exit_code: number | null;
  footer: string | null;
}

export function toRunRow(row: RunRecordRow): RunRow {
  return {
    id: row.id,
    ts: row.ts,
    sessionId: row.session_id,
    agentId: row.agent_id,
    entry: row.entry,
    tool: row.tool,
    command: row.command,
    label: row.filter_name,
    distiller: row.distiller,
    route: row.route,
    reason: row.reason,
    inputBytes: row.input_bytes,
    outputBytes: row.output_bytes,
    deliveredBytes: row.delivered_bytes,
    latencyMs: row.latency_ms,
    handle: row.rewind_hash,
    projectPath: row.project_path,
    exitCode: row.exit_code,
    footer: isFooterMode(row.footer) ? row.footer : null,
  };
}

function isFooterMode(value: string | null): value is FooterMode {
  return value === "text" || value === "json" || value === "none";
}
