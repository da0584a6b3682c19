/**
 * `omni query`: four fixed forms over distillation history, nothing else. Anything that does
 * not parse gets the list of forms, never a guess.
 */
import type { Db } from "../store/db.ts";
import { recentRuns, type RunSummary } from "../store/runs.ts";
import { recentTraceTexts } from "../store/traces.ts";
import { searchEngrams } from "../store/engrams.ts";
import type { MemoryScope } from "./scope.ts";
import { toolFamily } from "./tool-errors.ts";

const QUERY_FORMS = ["errors in last N commands", "warnings from TOOL", "context for PATH", "timeline today"] as const;
const MAX_COMMANDS = 1_000;
const MAX_LINES = 20;
const TRACE_SCAN = 200;

export type ParsedQuery =
  | { form: "errors"; count: number }
  | { form: "warnings"; tool: string }
  | { form: "context"; path: string }
  | { form: "timeline" };

export function parseQuery(text: string): ParsedQuery | null {
  const q = text.trim().replace(/\s+/g, " ");
  const errors = /^errors in last (\d+) commands?$/i.exec(q);
  if (errors) return { form: "errors", count: Math.min(Number(errors[1]), MAX_COMMANDS) };
  const warnings = /^warnings from (\S+)$/i.exec(q);
  if (warnings) return { form: "warnings", tool: warnings[1]! };
  const context = /^context for (\S.*)$/i.exec(q);
  if (context) return { form: "context", path: context[1]! };
  return /^timeline today$/i.test(q) ? { form: "timeline" } : null;
}

export function queryFormsHelp(): string {
  return `the supported forms are: ${QUERY_FORMS.map((form) => `'${form}'`).join(", ")}`;
}

export interface QueryResult {
  query: string;
  rows: { ts: number; command: string; detail: string }[];
}

function row(run: RunSummary, detail: string): QueryResult["rows"][number] {
  return { ts: run.ts, command: run.command, detail };
}

export function runQuery(db: Db, parsed: ParsedQuery, scope: MemoryScope, startOfDaySecs: number): QueryResult["rows"] {
  switch (parsed.form) {
    case "errors":
      return recentRuns(db, { projectPath: scope.path, limit: parsed.count })
        .filter((run) => run.exitCode !== null && run.exitCode !== 0)
        .map((run) => row(run, `exit ${run.exitCode}`));
    case "warnings": {
      const tool = parsed.tool.toLowerCase();
      const lines = recentTraceTexts(db, scope.path, TRACE_SCAN)
        .filter((trace) => toolFamily(trace.command).toLowerCase() === tool)
        .flatMap((trace) =>
          trace.raw
            .split("\n")
            .filter((line) => /\bwarn(?:ing)?\b/i.test(line))
            .map((line) => ({ ts: 0, command: trace.command, detail: line.trim() })),
        );
      const seen = new Set<string>();
      return lines.filter((line) => !seen.has(line.detail) && seen.add(line.detail)).slice(0, MAX_LINES);
    }
    case "context": {
      const escaped = parsed.path.replace(/[\\%_]/g, "\\$&");
      const runs = recentRuns(db, { projectPath: scope.path, commandLike: `%${escaped}%`, limit: MAX_LINES }).map((run) =>
        row(run, `${run.route}, exit ${run.exitCode ?? "?"}, ${run.inputBytes} B → ${run.outputBytes} B`),
      );
      const engrams = searchEngrams(db, parsed.path, scope.hash, 5).map((engram) => ({
        ts: engram.ts,
        command: "engram",
        detail: engram.label,
      }));
      return [...runs, ...engrams];
    }
    case "timeline":
      return recentRuns(db, { projectPath: scope.path, sinceTs: startOfDaySecs, limit: MAX_COMMANDS })
        .reverse()
        .map((run) => row(run, `${run.route}, exit ${run.exitCode ?? "?"}, ${run.inputBytes} B → ${run.outputBytes} B`));
  }
}
