/**
 * What `omni doctor` checks, as one report object (printed as text or as the only JSON on
 * stdout), and the repairs `--fix` can make. Hosts come from the registry.
 */
import { dirname } from "node:path";
import { inspectEntry, installEntries, type EntryStatus } from "../hosts/config/apply.ts";
import { entryLocation, isSharedEntry, type Part } from "../hosts/config/entry.ts";
import { hostFromEnv, hostList } from "../hosts/index.ts";
import type { Tier } from "../hosts/types.ts";
import { systemClock } from "../platform/clock.ts";
import { ensureDir, fileMode, findOnPath, isExecutable, moveFile, setFileMode } from "../platform/files.ts";
import { databasePath, omniHome, type Env } from "../platform/paths.ts";
import { selfExecutable } from "../platform/self.ts";
import { checkDatabase, checkIntegrity, fileProblems, isCorruption } from "../store/health.ts";
import { ALL_TOOLS, advertisedTools, mcpToolsLine } from "../mcp/policy.ts";
import { VERSION } from "../version.ts";
import { installContext } from "./host-select.ts";


export type PartState = "ok" | "missing" | "stale" | "broken" | "not installed";

export interface HostReport {
  id: string;
  label: string;
  tier: Tier;
  installed: boolean;
  hooks: PartState | "n/a";
  mcp: PartState | "n/a";
  /** Host settings omni needs on (Hermes' compression), never overriding the user's own. */
  settings: PartState | "n/a";
  files: string[];
  problems: string[];
  note: string | null;
}

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
  const hosts = hostList.map((host) => hostReport(host.id, env));
  const problems: string[] = [];
  if (!isExecutable(exe)) problems.push(`the omni executable ${exe} is not executable`);
  if (dirMode === null) problems.push(`config dir ${home} does not exist`);
  else if ((dirMode & 0o077) !== 0) problems.push(`config dir ${home} is readable by others (mode ${octal(dirMode)}; want 700)`);
  if (!health.opens) problems.push(`database ${dbPath} does not open: ${health.error}`);
  else if (!health.writable) problems.push(`database ${dbPath} is not writable: ${health.error}`);
  if (dbMode !== null && (dbMode & 0o200) === 0) problems.push(`database ${dbPath} is read-only (mode ${octal(dbMode)}; want 600)`);
  else if (dbMode !== null && (dbMode & 0o077) !== 0) problems.push(`database ${dbPath} is readable by others (mode ${octal(dbMode)}; want 600)`);
  problems.push(...databaseFileProblems(dbPath, dbMode === null));
  for (const host of hosts) problems.push(...host.problems.map((problem) => `${host.label}: ${problem}`));
  return {
    ok: problems.length === 0,
    version: VERSION,
    binary: { path: exe, executable: isExecutable(exe), on_path: findOnPath("omni", env.PATH ?? "") },
    config_dir: { path: home, exists: dirMode !== null, mode: dirMode === null ? null : octal(dirMode), owner_only: dirMode !== null && (dirMode & 0o077) === 0 },
    database: { path: dbPath, opens: health.opens, writable: health.writable && (dbMode === null || (dbMode & 0o200) !== 0), mode: dbMode === null ? null : octal(dbMode), owner_only: dbMode !== null && (dbMode & 0o077) === 0, error: health.error },
    hosts,
    mcp_tools: mcpToolsReport(env),
    problems,
    fixed,
  };
}

function hostReport(id: string, env: Env): HostReport {
  const host = hostList.find((candidate) => candidate.id === id)!;
  const context = installContext(env, false);
  const statuses = host.configEntries(context).map(inspectEntry);
  // A value the user may hold without omni (a list item, a setting) does not make omni installed.
  const installed = statuses.some((status) => status.state !== "absent" && !isSharedEntry(status.entry) && !status.entry.project);
  const problems: string[] = [];
  const partState = (part: Part): PartState | "n/a" => {
    // The current directory's project file is checked when it is there, not required everywhere.
    const mine = statuses.filter((status) => status.entry.part === part && !(status.entry.project && status.state === "absent"));
    if (mine.length === 0) return "n/a";
    if (!installed) return "not installed";
    const missingPrograms = mine.flatMap((status) => status.programs.filter((program) => !isExecutable(program)));
    if (missingPrograms.length > 0) {
      problems.push(`${part} points at a missing executable ${[...new Set(missingPrograms)].join(", ")} (run omni doctor --fix)`);
      return "broken";
    }
    const absent = mine.filter((status) => status.state === "absent");
    if (absent.length > 0) {
      problems.push(`${part} missing: ${absent.map(where).join(", ")} (run omni init --${host.flags[0]})`);
      return "missing";
    }
    const stale = mine.filter((status) => status.state === "stale");
    // A setting that differs is the user's own choice: init leaves it, so only they can change it.
    const own = stale.filter((status) => status.entry.format === "yaml-default");
    for (const status of own) problems.push(`${where(status)} is ${JSON.stringify(status.value)}, and omni needs it ${JSON.stringify(expectedValue(status))}; init never overrides your own setting, so change it there yourself`);
    if (stale.length > own.length) problems.push(`${part} differs from what this omni writes (run omni init --${host.flags[0]})`);
    return stale.length > 0 ? "stale" : "ok";
  };
  const hooks = partState("hook");
  const mcp = partState("mcp");
  const settings = partState("setting");
  if (installed) problems.push(...(host.doctorProblems?.(context) ?? []));
  return { id: host.id, label: host.label, tier: host.tier, installed, hooks, mcp, settings, files: [...new Set(statuses.map((status) => status.entry.file))], problems, note: installed ? (host.note ?? null) : null };
}

function where(status: EntryStatus): string {
  return `${entryLocation(status.entry)} in ${status.entry.file}`;
}

function expectedValue(status: EntryStatus): unknown {
  return "value" in status.entry ? status.entry.value : undefined;
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
  const context = installContext(env, false);
  for (const host of hostList) {
    const report = hostReport(host.id, env);
    if (!report.installed || report.problems.length === 0) continue;
    // A problem init cannot mend (a user's own setting, Codex trust) leaves the files as they were: say nothing.
    const changes = installEntries(host.configEntries(context), { omniHome: home, nowMs: systemClock.now() });
    if (changes.some((change) => change.action !== "unchanged")) fixed.push(`rewrote ${host.label} configuration to point at ${context.exe}`);
  }
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
  if (integrity && !integrity.ok) problems.push(`database ${dbPath} fails SQLite's quick_check: ${integrity.messages.slice(0, 3).join("; ")} (move it aside; omni makes a fresh one)`);
  // The database file's and omni directory's modes have their own lines above.
  for (const problem of fileProblems(dbPath)) if (!problem.startsWith(`${dbPath} is open`) && !problem.startsWith(`${dirname(dbPath)} is open`)) problems.push(problem);
  return problems;
}

function mcpToolsReport(env: Env): DoctorReport["mcp_tools"] {
  const agent = hostFromEnv(env)?.agentId ?? "claude_code";
  return { advertised: advertisedTools(env, agent).length, total: ALL_TOOLS.length, agent, line: mcpToolsLine(env, agent) };
}

function octal(mode: number): string {
  return mode.toString(8).padStart(3, "0");
}
