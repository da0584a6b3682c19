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
  // 2: memory across sessions: knowledge (+ the goal), engrams, session events, error patterns,
  // open tool errors, loop memory, session summaries, agent sessions, recall feedback. FTS5 mirrors rank recall.
  `
  CREATE TABLE project_knowledge (
    id INTEGER PRIMARY KEY,
    project_hash TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    category TEXT NOT NULL DEFAULT 'fact',
    tags TEXT NOT NULL DEFAULT '[]',
    confidence REAL NOT NULL DEFAULT 0.7,
    hit_count INTEGER NOT NULL DEFAULT 0,
    last_updated INTEGER NOT NULL,
    ttl_days INTEGER,
    UNIQUE (project_hash, key)
  );
  CREATE VIRTUAL TABLE knowledge_fts USING fts5(key, value, tags, content='project_knowledge', content_rowid='id', tokenize='porter unicode61');
  CREATE TRIGGER project_knowledge_ai AFTER INSERT ON project_knowledge BEGIN
    INSERT INTO knowledge_fts(rowid, key, value, tags) VALUES (new.id, new.key, new.value, new.tags);
  END;
  CREATE TRIGGER project_knowledge_ad AFTER DELETE ON project_knowledge BEGIN
    INSERT INTO knowledge_fts(knowledge_fts, rowid, key, value, tags) VALUES ('delete', old.id, old.key, old.value, old.tags);
  END;
  CREATE TRIGGER project_knowledge_au AFTER UPDATE ON project_knowledge BEGIN
    INSERT INTO knowledge_fts(knowledge_fts, rowid, key, value, tags) VALUES ('delete', old.id, old.key, old.value, old.tags);
    INSERT INTO knowledge_fts(rowid, key, value, tags) VALUES (new.id, new.key, new.value, new.tags);
  END;

  CREATE TABLE engrams (
    id INTEGER PRIMARY KEY,
    session_id TEXT,
    trigger TEXT NOT NULL,
    label TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    files TEXT NOT NULL DEFAULT '[]',
    category TEXT NOT NULL DEFAULT 'progress',
    tags TEXT NOT NULL DEFAULT '[]',
    project_hash TEXT,
    ts INTEGER NOT NULL,
    last_accessed INTEGER,
    hit_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX engrams_session ON engrams(session_id, ts);
  CREATE VIRTUAL TABLE engrams_fts USING fts5(label, detail, tags, content='engrams', content_rowid='id', tokenize='porter unicode61');
  CREATE TRIGGER engrams_ai AFTER INSERT ON engrams BEGIN
    INSERT INTO engrams_fts(rowid, label, detail, tags) VALUES (new.id, new.label, new.detail, new.tags);
  END;
  CREATE TRIGGER engrams_ad AFTER DELETE ON engrams BEGIN
    INSERT INTO engrams_fts(engrams_fts, rowid, label, detail, tags) VALUES ('delete', old.id, old.label, old.detail, old.tags);
  END;
  CREATE TRIGGER engrams_au AFTER UPDATE ON engrams BEGIN
    INSERT INTO engrams_fts(engrams_fts, rowid, label, detail, tags) VALUES ('delete', old.id, old.label, old.detail, old.tags);
    INSERT INTO engrams_fts(rowid, label, detail, tags) VALUES (new.id, new.label, new.detail, new.tags);
  END;

  CREATE VIRTUAL TABLE session_events USING fts5(session_id UNINDEXED, event_type UNINDEXED, content, ts UNINDEXED, project_hash UNINDEXED, tokenize='porter ascii');

  CREATE TABLE pattern_memory (
    id INTEGER PRIMARY KEY,
    pattern_hash TEXT NOT NULL UNIQUE,
    pattern_text TEXT NOT NULL,
    tool_family TEXT NOT NULL,
    project_hash TEXT,
    first_seen INTEGER NOT NULL,
    last_seen INTEGER NOT NULL,
    occurrence_count INTEGER NOT NULL DEFAULT 1,
    was_resolved INTEGER NOT NULL DEFAULT 0,
    resolution_hint TEXT
  );

  CREATE TABLE loop_memory (
    id INTEGER PRIMARY KEY,
    loop_goal_hash TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    confidence REAL NOT NULL DEFAULT 0.5,
    times_confirmed INTEGER NOT NULL DEFAULT 1,
    first_seen INTEGER NOT NULL,
    last_seen INTEGER NOT NULL,
    ttl_days INTEGER NOT NULL DEFAULT 30,
    UNIQUE (loop_goal_hash, key)
  );

  CREATE TABLE session_summaries (
    session_id TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    ended_at INTEGER NOT NULL,
    agent_id TEXT,
    total_commands INTEGER NOT NULL DEFAULT 0,
    tokens_saved INTEGER NOT NULL DEFAULT 0,
    top_filter TEXT,
    exit_reason TEXT,
    project_path TEXT
  );

  CREATE TABLE agent_sessions (
    agent_id TEXT NOT NULL,
    project_hash TEXT NOT NULL,
    session_id TEXT,
    last_active INTEGER NOT NULL,
    state_json TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (agent_id, project_hash)
  );

  CREATE TABLE retrieval_feedback (
    id INTEGER PRIMARY KEY,
    query TEXT NOT NULL,
    hit_source TEXT NOT NULL,
    hit_key TEXT NOT NULL,
    project_hash TEXT,
    command_ctx TEXT,
    ts INTEGER NOT NULL
  );

  -- Open failures per command: a passing run of the same command resolves them into an engram.
  CREATE TABLE tool_errors (
    id INTEGER PRIMARY KEY,
    command TEXT NOT NULL,
    project_hash TEXT,
    session_id TEXT,
    lines TEXT NOT NULL,
    ts INTEGER NOT NULL,
    resolved INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX tool_errors_open ON tool_errors(command, project_hash, resolved);
  CREATE INDEX distillations_session ON distillations(session_id, id);
  `,
  // 3: indexes the stats report reads by (session closes by time, retrievals by handle).
  `
  CREATE INDEX session_summaries_ended_at ON session_summaries(ended_at);
  CREATE INDEX retrieve_events_hash ON retrieve_events(hash);
  `,
  // 4: each trace names the run row written with it, so a run finds its trace by key.
  `
  ALTER TABLE execution_traces ADD COLUMN run_id INTEGER;
  CREATE INDEX execution_traces_run ON execution_traces(run_id);
  `,
  // 5: the footer each run printed (text, json, none), so a quiet run is not charged for one.
  `
  ALTER TABLE distillations ADD COLUMN footer TEXT;
  `,
  // 6: archived blocks are stored packed (the codec names how; content stays '' for them), with
  // their plain size, so the archive can hold whole outputs of tens of MB under a total budget.
  `
  ALTER TABLE rewind_store ADD COLUMN codec TEXT NOT NULL DEFAULT 'plain';
  ALTER TABLE rewind_store ADD COLUMN packed BLOB;
  ALTER TABLE rewind_store ADD COLUMN bytes INTEGER;
  UPDATE rewind_store SET bytes = length(CAST(content AS BLOB));
  `,
  // 7: the ledger interns its scopes and sources: one row per line holds their ids, not the session
  // id and file path again (a 2,000-line Read under a 4 KB path added 19 MB). Existing rows move over.
  `
  CREATE TABLE ledger_scopes (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  CREATE TABLE ledger_sources (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
  INSERT OR IGNORE INTO ledger_scopes (name) SELECT DISTINCT scope FROM ledger_lines;
  INSERT OR IGNORE INTO ledger_sources (path) SELECT DISTINCT source FROM ledger_lines WHERE source IS NOT NULL;
  CREATE TABLE ledger_lines_interned (
    scope_id INTEGER NOT NULL,
    line_hash TEXT NOT NULL,
    ts INTEGER NOT NULL,
    agent_id TEXT,
    source_id INTEGER,
    PRIMARY KEY (scope_id, line_hash)
  ) WITHOUT ROWID;
  INSERT INTO ledger_lines_interned (scope_id, line_hash, ts, agent_id, source_id)
    SELECT s.id, l.line_hash, l.ts, l.agent_id, src.id FROM ledger_lines l
    JOIN ledger_scopes s ON s.name = l.scope LEFT JOIN ledger_sources src ON src.path = l.source;
  DROP TABLE ledger_lines;
  ALTER TABLE ledger_lines_interned RENAME TO ledger_lines;
  CREATE INDEX ledger_lines_ts ON ledger_lines(ts);
  `,
];
