/**
 * The real Claude Code CLI, installed on demand from npm into test-output/ (gitignored; about
 * 400 MB, so never part of the project's own `npm install`). The version is pinned: the hook
 * contract was measured against it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../helpers/sandbox.ts";

export const CLAUDE_CODE_VERSION = "2.1.332";
const CACHE_DIR = join(REPO_ROOT, "test-output", "claude-code");
const BIN = join(CACHE_DIR, "node_modules", ".bin", "claude");

export type CliAvailability = { bin: string; skip: null } | { bin: null; skip: string };

function installedVersion(): string | null {
  if (!existsSync(BIN)) return null;
  const result = spawnSync(BIN, ["--version"], { encoding: "utf8", env: { PATH: process.env.PATH, HOME: CACHE_DIR, IS_SANDBOX: "1" }, timeout: 30_000 });
  return /^(\S+) \(Claude Code\)/.exec(result.stdout ?? "")?.[1] ?? null;
}

/** Install the pinned CLI if needed. Skips only when npm itself cannot reach its registry. */
export function ensureClaudeCli(): CliAvailability {
  if (installedVersion() === CLAUDE_CODE_VERSION) return { bin: BIN, skip: null };
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(join(CACHE_DIR, "package.json"), `${JSON.stringify({ name: "claude-code-cache", private: true }, null, 2)}\n`);
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`], { cwd: CACHE_DIR, encoding: "utf8", timeout: 600_000 });
  if (install.status === 0 && installedVersion() === CLAUDE_CODE_VERSION) return { bin: BIN, skip: null };
  const ping = spawnSync("npm", ["ping"], { encoding: "utf8", timeout: 60_000 });
  if (ping.status !== 0) return { bin: null, skip: `npm registry unreachable, cannot install @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}: ${(ping.stderr ?? "").trim().split("\n").at(-1)}` };
  throw new Error(`npm reached the registry but installing @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} failed:\n${install.stderr}`);
}
