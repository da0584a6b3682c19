/** What the ledger reads and writes, as the pipeline sees it (the SQL lives in src/store/ledger.ts). */
import type { FoldOrigin } from "../base/markers.ts";

/** Who is reading, and where: the two scopes a line can have been delivered in. */
export interface LedgerContext {
  /** The reader: host session id, or `session/agent` for a subagent. */
  readerScope: string;
  /** The project ledger scope (`projectScope()`), shared by every session of the project; null outside one. */
  projectScope: string | null;
  agentId: string;
  /** Where the lines came from (a Read's file path); "" for shell output. */
  source: string;
  /** A Read window: its visible lines must keep their true numbers. */
  window: boolean;
  /** A Read of a source file: its lines are code, and none of them states a tool's verdict. */
  code?: boolean;
}

/** A line some reader of a scope was delivered, as the ledger remembers it. */
export interface SeenLine {
  source: string | null;
  agentId: string | null;
}

/** One `ledger_folds` row: what a fold removed, per origin and per agent that first saw the lines. */
export interface FoldRow {
  scope: string;
  session: string;
  agentId: string;
  sourceAgent: string | null;
  origin: FoldOrigin;
  lines: number;
  bytes: number;
  wholeOutput: boolean;
  payloadBytes: number;
}

export interface LedgerStore {
  /** The subset of `keys` delivered in `scope`. */
  seen(scope: string, keys: readonly string[]): Map<string, SeenLine>;
  /** Consume one owed delivery of a block just pulled with `omni retrieve`. */
  takeOwedDelivery(handle: string): boolean;
  /** Remember delivered lines; a repeat refreshes the sighting time, the first source stays. */
  record(scopes: readonly string[], keys: readonly string[], agentId: string, source: string, nowMs: number): void;
  /** A folded repeat is a sighting too: refresh the time of lines already remembered, add none. */
  touch(scopes: readonly string[], keys: readonly string[], nowMs: number): void;
  recordFolds(rows: readonly FoldRow[], nowMs: number): void;
}

/**
 * The project ledger scope of a project path (names: src/platform/project-path.ts). Prefixed so
 * that forgetting a reader (`session`, `session/…`) can never reach it.
 */
export function projectScope(projectPath: string | null | undefined): string | null {
  return projectPath ? `project:${projectPath}` : null;
}

/** The session a reader scope belongs to: the part before the first `/`. */
export function sessionOf(scope: string): string {
  const slash = scope.indexOf("/");
  return slash === -1 ? scope : scope.slice(0, slash);
}
