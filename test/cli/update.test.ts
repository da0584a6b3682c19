import { afterEach, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

/**
 * A real upstream and a real clone of it, with the clone's dist/omni standing for the installed
 * executable (OMNI_BIN names the path omni believes it runs from).
 */
function checkoutBehindUpstream(commitsAhead: number): { upstream: string; clone: string; env: Record<string, string> } {
  sandbox = makeSandbox();
  const upstream = join(sandbox.home, "upstream");
  const clone = join(sandbox.home, "clone");
  const gitEnv = {
    ...sandbox.env,
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.com",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.com",
  };
  const run = (cwd: string, ...args: string[]) => {
    const result = spawnSync(args[0]!, args.slice(1), { cwd, env: gitEnv, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${args.join(" ")}: ${result.stderr}`);
    return result.stdout.trim();
  };
  mkdirSync(upstream, { recursive: true });
  run(upstream, "git", "init", "-q", "-b", "main");
  writeFileSync(join(upstream, "package.json"), JSON.stringify({ name: "omni-update-fixture", version: "0.0.0", private: true }));
  writeFileSync(join(upstream, ".gitignore"), "dist/\nnode_modules/\npackage-lock.json\n");
  run(upstream, "git", "add", ".");
  run(upstream, "git", "commit", "-qm", "first");
  run(sandbox.home, "git", "clone", "-q", upstream, clone);
  for (let i = 1; i <= commitsAhead; i++) {
    writeFileSync(join(upstream, `change-${i}.txt`), `${i}\n`);
    run(upstream, "git", "add", ".");
    run(upstream, "git", "commit", "-qm", `change ${i}`);
  }
  return { upstream, clone, env: { ...gitEnv, OMNI_BIN: join(clone, "dist", "omni") } };
}

function headOf(dir: string): string {
  return spawnSync("git", ["-C", dir, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
}

describe("omni update", () => {
  test("--check lists the commits upstream has and changes nothing, even with --yes", () => {
    const { upstream, clone, env } = checkoutBehindUpstream(2);
    const before = headOf(clone);
    const result = runOmni(["update", "--check", "--yes"], { env });
    expect(result.exitCode).toBe(0);
    const out = result.stdout.toString();
    expect(out).toContain("2 new commits on origin/main:");
    expect(out).toContain("change 2");
    expect(out).toContain("change 1");
    expect(out).toContain("omni update --yes");
    expect(headOf(clone)).toBe(before);
    expect(headOf(clone)).not.toBe(headOf(upstream));
  });

  test("--yes fast-forwards the checkout and reinstalls, then reports up to date", () => {
    const { upstream, clone, env } = checkoutBehindUpstream(1);
    const result = runOmni(["update", "--yes"], { env });
    expect(result.stderr).toContain("installing and rebuilding (npm install)");
    expect(result.exitCode).toBe(0);
    expect(headOf(clone)).toBe(headOf(upstream));
    expect(result.stdout.toString()).toContain(`Updated to ${headOf(clone).slice(0, 7)}`);
    const again = runOmni(["update", "--json"], { env });
    expect(JSON.parse(again.stdout.toString())).toMatchObject({ upstream: "origin/main", behind: 0, updated: false });
  });

  test("without a terminal or --yes it only reports, so a script never upgrades by accident", () => {
    const { upstream, clone, env } = checkoutBehindUpstream(1);
    const result = runOmni(["update"], { env });
    expect(result.exitCode).toBe(0);
    expect(headOf(clone)).not.toBe(headOf(upstream));
  });

  test("refuses a checkout with local changes, naming the fix", () => {
    const { clone, env } = checkoutBehindUpstream(1);
    writeFileSync(join(clone, "package.json"), "{}\n");
    const result = runOmni(["update", "--yes"], { env });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("has local changes; commit or stash them");
  });

  test("an executable outside a checkout is told to upgrade through its own channel", () => {
    sandbox = makeSandbox();
    const result = runOmni(["update"], { env: { ...sandbox.env, OMNI_BIN: join(sandbox.home, "bin", "omni") } });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("is not inside a git checkout of omni; upgrade it through the channel you installed it with");
  });
});
