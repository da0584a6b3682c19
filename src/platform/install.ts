/**
 * How this omni was installed, and the git steps `omni update` takes on a checkout. The build
 * writes the executable to <checkout>/dist/omni and the launcher lives at <checkout>/bin/omni,
 * so the checkout is two levels above either.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { runCommand } from "./process.ts";

export type Install = { kind: "checkout"; root: string } | { kind: "other"; executable: string };

export function installOf(executable: string): Install {
  const root = dirname(dirname(executable));
  return existsSync(join(root, ".git")) && existsSync(join(root, "package.json"))
    ? { kind: "checkout", root }
    : { kind: "other", executable };
}

export interface GitStep {
  ok: boolean;
  /** stdout and stderr together, trimmed. */
  text: string;
}

export function git(root: string, args: string[]): GitStep {
  const run = runCommand(["git", "-C", root, ...args]);
  return { ok: run.exitCode === 0, text: run.output.toString("utf8").trim() };
}

/** `npm install` rebuilds dist/omni through the package's postinstall script. */
export function reinstall(root: string): GitStep {
  const run = runCommand(["npm", "install", "--no-audit", "--no-fund"], { cwd: root });
  return { ok: run.exitCode === 0, text: run.output.toString("utf8").trim() };
}
