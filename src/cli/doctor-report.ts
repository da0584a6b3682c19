/**
 * What `omni doctor` checks, as one report object (printed as text or as the only JSON on
 * stdout), and the repairs `--fix` can make. Hosts come from the registry.
 */
import { dirname } from "node:path";
import { hostFromEnv } from "../hosts/index.ts";
import { systemClock } from "../platform/clock.ts";
import { ensureDir, fileMode, isExecutable, moveFile, setFileMode } from "../platform/files.ts";
import { databasePath, omniHome, type Env } from "../platform/paths.ts";
import { selfExecutable } from "../platform/self.ts";
import { checkDatabase, checkIntegrity, fileProblems, isCorruption } from "../store/health.ts";
import { ALL_TOOLS, advertisedTools, mcpToolsLine } from "../mcp/policy.ts";
import { VERSION } from "../platform/version.ts";
import { fixHosts, hostReports, type HostReport } from "./doctor-hosts.ts";
import { linkOntoPath, omniOnPath } from "./on-path.ts";

export type { HostReport, PartState } from "./doctor-hosts.ts";

export interface DoctorReport {
  ok: boolean;
  version: string;
  binary: { path: string; executable: boolean; on_path: string | null };
  config_dir: { path: string; exists: boolean; mode: string | null; owner_only: boolean };
  database: { path: string; opens: boolean; writable: boolean; mode: string | null; owner_only: boolean; error: string | null };
  hosts: HostReport[];
  mcp_tools: { advertised: number; total: number; agent: string; line: string };
  problems: string[];
  fixed: string[];
}

export function buildReport(env: Env, fixed: string[] = []): DoctorReport {
  const exe = selfExecutable(env);
  const home = omniHome(env);
  const dbPath = databasePath(env);
  const health = checkDatabase(dbPath);
  const dirMode = fileMode(home);
  const dbMode = fileMode(dbPath);
  const hosts = hostReports(env);
  const problems: string[] = [];
  if (!isExecutable(exe)) problems.push(`the omni executable ${exe} is not executable`);
  const onPath = omniOnPath(env, exe);
  if (onPath.problem !== null) problems.push(onPath.problem);
  if (dirMode === null) problems.push(`config dir ${home} does not exist`);
  else if ((dirMode & 0o077) !== 0) problems.push(`config dir ${home} is readable by others (mode ${octal(dirMode)}; want 700)`);
  if (!health.opens) problems.push(`database ${dbPath} does not open: ${health.error}`);
  else if (!health.writable) problems.push(`database ${dbPath} is not writable: ${health.error}`);
  if (dbMode !== null && (dbMode & 0o200) === 0) problems.push(`database ${dbPath} is read-only (mode ${octal(dbMode)}; want 600)`);
  else if (dbMode !== null && (dbMode & 0o077) !== 0)
    problems.push(`database ${dbPath} is readable by others (mode ${octal(dbMode)}; want 600)`);
  problems.push(...databaseFileProblems(dbPath, dbMode === null));
  for (const host of hosts) problems.push(...host.problems.map((problem) => `${host.label}: ${problem}`));
  return {
    ok: problems.length === 0,
    version: VERSION,
    binary: { path: exe, executable: isExecutable(exe), on_path: onPath.found },
    config_dir: {
      path: home,
      exists: dirMode !== null,
      mode: dirMode === null ? null : octal(dirMode),
      owner_only: dirMode !== null && (dirMode & 0o077) === 0,
    },
    database: {
      path: dbPath,
      opens: health.opens,
      writable: health.writable && (dbMode === null || (dbMode & 0o200) !== 0),
      mode: dbMode === null ? null : octal(dbMode),
      owner_only: dbMode !== null && (dbMode & 0o077) === 0,
      error: health.error,
    },
    hosts,
    mcp_tools: mcpToolsReport(env),
    problems,
    fixed,
  };
}

/** Repair what can be repaired; returns what was done, one line each. */
export function applyFixes(env: Env): string[] {
  const fixed: string[] = [];
  const home = omniHome(env);
  const dbPath = databasePath(env);
  const dirMode = fileMode(home);
  if (dirMode === null) {
    ensureDir(home);
    fixed.push(`created ${home} (mode 700)`);
  } else if ((dirMode & 0o077) !== 0) {
    setFileMode(home, 0o700);
    fixed.push(`set ${home} to mode 700`);
  }
  const dbDir = dirname(dbPath);
  if (fileMode(dbDir) === null) ensureDir(dbDir);
  const dbMode = fileMode(dbPath);
  if (dbMode !== null && dbMode !== 0o600) {
    setFileMode(dbPath, 0o600);
    fixed.push(`set ${dbPath} to mode 600`);
  }
  for (const suffix of ["-wal", "-shm"]) {
    const mode = fileMode(`${dbPath}${suffix}`);
    if (mode !== null && mode !== 0o600) setFileMode(`${dbPath}${suffix}`, 0o600);
  }
  if (isCorruption(checkDatabase(dbPath))) {
    // Kept, not deleted: the user may want what is still readable in it.
    const aside = `${dbPath}.corrupt-${Math.floor(systemClock.now() / 1000)}`;
    for (const suffix of ["", "-wal", "-shm"]) moveFile(`${dbPath}${suffix}`, `${aside}${suffix}`);
    const fresh = checkDatabase(dbPath);
    fixed.push(`moved the corrupt database aside to ${aside}${fresh.opens ? " and created a fresh one" : ""}`);
  }
  const linked = linkOntoPath(env, selfExecutable(env));
  if (linked !== null) fixed.push(linked);
  fixed.push(...fixHosts(env));
  return fixed;
}

/**
 * The database's integrity (`PRAGMA quick_check`) and its files: the side files' modes, symlinks
 * and owners (the database file's own mode is checked above). Problems only, each with its fix.
 */
function databaseFileProblems(dbPath: string, absent: boolean): string[] {
  if (absent) return [];
  const problems: string[] = [];
  const integrity = checkIntegrity(dbPath);
  if (integrity && !integrity.ok)
    problems.push(
      `database ${dbPath} fails SQLite's quick_check: ${integrity.messages.slice(0, 3).join("; ")} (move it aside; omni makes a fresh one)`,
    );
  // The database file's and omni directory's modes have their own lines above.
  for (const problem of fileProblems(dbPath))
    if (!problem.startsWith(`${dbPath} is open`) && !problem.startsWith(`${dirname(dbPath)} is open`)) problems.push(problem);
  return problems;
}

function mcpToolsReport(env: Env): DoctorReport["mcp_tools"] {
  const agent = hostFromEnv(env)?.agentId ?? "claude_code";
  return { advertised: advertisedTools(env, agent).length, total: ALL_TOOLS.length, agent, line: mcpToolsLine(env, agent) };
}

function octal(mode: number): string {
  return mode.toString(8).padStart(3, "0");
}
