/**
 * The ledger's saving on the recorded sessions: every PostToolUse payload replayed through the
 * built executable twice, once with its host session id (ledger on) and once without (no
 * reader scope, so no ledger), each arm in a fresh temp database and HOME. Writes bench/ledger.md.
 *
 *   bun run build && bun run bench/ledger-replay.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { replayCorpus, type ReplayResult } from "./lib/corpus-replay.ts";

const ROOT = resolve(import.meta.dir, "..");
const EXE = join(ROOT, "dist/omni");
const SESSIONS = resolve(ROOT, "../shared/corpus/sessions");

function arm(ledger: boolean): ReplayResult {
  const home = mkdtempSync(join(tmpdir(), "omni-bench-"));
  const dbPath = join(home, ".omni", "omni.db");
  // A generous deadline: a slow spawn must not turn into a passthrough and skew the arms.
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, OMNI_DB_PATH: dbPath, OMNI_QUIET: "1", OMNI_HOOK_DEADLINE_MS: "10000" };
  try {
    return replayCorpus({ exe: EXE, env, dbPath, sessionsDir: SESSIONS, ledger });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const pct = (saved: number, total: number) => (total === 0 ? "0.0" : ((100 * saved) / total).toFixed(1));

const started = performance.now();
const without = arm(false);
const withLedger = arm(true);
const seconds = ((performance.now() - started) / 1000).toFixed(0);

const rows = withLedger.sessions.map((session, i) => {
  const plain = without.sessions[i]!;
  return `| ${session.name} | ${session.calls} | ${session.bytesIn} | ${plain.bytesOut} (${pct(plain.bytesIn - plain.bytesOut, plain.bytesIn)}%) | ${session.bytesOut} (${pct(session.bytesIn - session.bytesOut, session.bytesIn)}%) |`;
});
const total = (r: ReplayResult, key: "bytesIn" | "bytesOut") => r.sessions.reduce((sum, s) => sum + s[key], 0);
const inBytes = total(withLedger, "bytesIn");
const plainOut = total(without, "bytesOut");
const ledgerOut = total(withLedger, "bytesOut");
const t = withLedger.audit.totals;

const report = `# Ledger saving on the recorded sessions

Command: \`bun run build && bun run bench/ledger-replay.ts\` (${seconds} s on the machine that wrote this).

Each of the ${withLedger.sessions.length} sessions in \`../shared/corpus/sessions/\` is replayed in file order, one
\`dist/omni --post-hook\` process per PostToolUse payload, into one fresh database per arm (so
sessions of the same repository share a project scope, as they would on one machine).
**Without the ledger** is the same payloads with \`session_id\` removed: no reader scope, so the
distillers run and nothing folds. Bytes are what the reader receives (the text the hook replaces,
or the host's own bytes when the hook declines). Calls OMNI does not read (Edit, Glob, a Bash
output over the host's cap) are left out of both arms.

| session | calls | input bytes | without ledger | with ledger |
|---|---:|---:|---:|---:|
${rows.join("\n")}
| **total** | ${t.calls} | ${inBytes} | ${plainOut} (${pct(inBytes - plainOut, inBytes)}%) | ${ledgerOut} (${pct(inBytes - ledgerOut, inBytes)}%) |

The ledger adds ${plainOut - ledgerOut} bytes of saving (${pct(plainOut - ledgerOut, inBytes)} points of the input) on top of the filters.
The filter column depends on which distillers are built: a file read the ledger would fold whole
may already have been cut by a distiller, so the two columns move together as distillers land.

Folds: ${t.sessionMarkers} "already shown" markers and ${t.projectMarkers} "not shown here" markers
(${t.wholeOutputMarkers} of them whole-output), covering ${t.foldedLines} lines / ${t.foldedBytes} bytes.

Audit of the ledger arm (the same auditor as the replay test): ${withLedger.audit.violations.length} violations,
${withLedger.retrieveMismatches.length} of ${withLedger.handles} handles differing from the bytes they replaced when pulled with \`omni retrieve\`.
`;
writeFileSync(join(ROOT, "bench/ledger.md"), report);
process.stdout.write(report);
