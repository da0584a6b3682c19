/**
 * Schema migrations, applied in order and recorded in `schema_migrations`. Append only: a
 * shipped migration is never edited, because databases in the field have already run it.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: the archive, run accounting, traces, sessions, the ledger's two tables.
  `
  CREATE TABLE rewind_store (
    hash TEXT PRIMARY KEY,
    content TEXT NOT NULL,
    ts INTEGER NOT NULL,
    original_len INTEGER NOT NULL,
    retrieved INTEGER NOT NULL DEFAULT 0,
    owed INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX rewind_store_ts ON rewind_store(ts);

  CREATE TABLE distillations (
    id INTEGER PRIMARY KEY,
    session_id TEXT,
    ts INTEGER NOT NULL,
    filter_name TEXT NOT NULL,
    distiller TEXT,
    entry TEXT NOT NULL,
    tool TEXT,
    input_bytes INTEGER NOT NULL,
    output_bytes INTEGER NOT NULL,
    delivered_bytes INTEGER NOT NULL DEFAULT -1,
    route TEXT NOT NULL,
    reason TEXT,
    latency_ms REAL NOT NULL,
    rewind_hash TEXT,
    command TEXT,
    project_path TEXT,
    agent_id TEXT NOT NULL,
    exit_code INTEGER
  );
  CREATE INDEX distillations_ts ON distillations(ts);

  CREATE TABLE passthrough_events (
    id INTEGER PRIMARY KEY,
    command TEXT,
    bytes INTEGER NOT NULL,
    ts INTEGER NOT NULL,
    reason TEXT NOT NULL DEFAULT 'unrecorded',
    agent_id TEXT
  );
  CREATE INDEX passthrough_events_ts ON passthrough_events(ts);

  CREATE TABLE execution_traces (
    id INTEGER PRIMARY KEY,
    session_id TEXT,
    ts INTEGER NOT NULL,
    command TEXT,
    agent_id TEXT NOT NULL,
    project_path TEXT,
    tool TEXT,
    raw_input TEXT NOT NULL,
    distilled_output TEXT NOT NULL,
    rewind_hash TEXT
  );
  CREATE INDEX execution_traces_ts ON execution_traces(ts);

  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    last_active INTEGER NOT NULL,
    agent_id TEXT,
    project_path TEXT,
    task_hint TEXT,
    domain_hint TEXT,
    state_json TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX sessions_last_active ON sessions(last_active DESC);

  CREATE TABLE retrieve_events (
    id INTEGER PRIMARY KEY,
    command_prefix TEXT,
    hash TEXT NOT NULL,
    ts INTEGER NOT NULL,
    agent_id TEXT
  );

  CREATE TABLE ledger_lines (
    scope TEXT NOT NULL,
    line_hash TEXT NOT NULL,
    ts INTEGER NOT NULL,
    agent_id TEXT,
    source TEXT,
    PRIMARY KEY (scope, line_hash)
  ) WITHOUT ROWID;
  CREATE INDEX ledger_lines_ts ON ledger_lines(ts);

  CREATE TABLE ledger_folds (
    id INTEGER PRIMARY KEY,
    ts INTEGER NOT NULL,
    scope TEXT NOT NULL,
    agent_id TEXT,
    source_agent TEXT,
    origin TEXT NOT NULL,
    lines INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    whole_output INTEGER NOT NULL,
    payload_bytes INTEGER NOT NULL,
    session TEXT
  );
  CREATE INDEX ledger_folds_ts ON ledger_folds(ts);
  `,
  // 2: the per-session summary the session-end hook writes. IF NOT EXISTS: stats reads it too.
  `
  CREATE TABLE IF NOT EXISTS session_summaries (
    session_id TEXT PRIMARY KEY,
    started_at INTEGER,
    ended_at INTEGER NOT NULL,
    agent_id TEXT,
    total_commands INTEGER NOT NULL DEFAULT 0,
    tokens_saved INTEGER NOT NULL DEFAULT 0,
    top_filter TEXT,
    exit_reason TEXT,
    project_path TEXT
  );
  `,
];
