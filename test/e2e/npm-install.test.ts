/**
 * `npm install -g` as a user would run it, into a scratch prefix: from `npm pack`'s tarball (the
 * package compiles dist/omni at install) and from this checkout (npm links the folder). Either
 * way a bare `omni` on PATH must run the compiled executable, and doctor must say so.
 * Skipped only when npm cannot reach its registry (the tarball's dependencies come from it).
 */
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readSync, closeSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../helpers/sandbox.ts";

const INSTALL_TIMEOUT_MS = 300_000;
const registry = spawnSync("npm", ["ping"], { encoding: "utf8", timeout: 60_000 });
const reachable = registry.status === 0;

function npm(args: string[], cwd: string): string {
  const run = spawnSync("npm", ["--no-audit", "--no-fund", "--prefer-offline", ...args], {
    cwd,
    encoding: "utf8",
    timeout: INSTALL_TIMEOUT_MS,
  });
  if (run.status !== 0) throw new Error(`npm ${args.join(" ")} failed:\n${run.stderr}`);
  return run.stdout;
}

/** What a fresh shell with only the prefix's bin on PATH gets for `omni …`. */
function shell(prefix: string, home: string, command: string) {
  const run = spawnSync("sh", ["-c", command], { encoding: "utf8", env: { HOME: home, PATH: `${join(prefix, "bin")}:/usr/bin:/bin` } });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

function isElf(path: string): boolean {
  const fd = openSync(path, "r");
  const head = Buffer.alloc(4);
  readSync(fd, head, 0, 4, 0);
  closeSync(fd);
  return head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
}

function expectCompiledOmni(prefix: string, home: string, packageDir: string): void {
  expect(shell(prefix, home, "command -v omni").out.trim()).toBe(join(prefix, "bin", "omni"));
  const version = shell(prefix, home, "omni version");
  expect(version.code).toBe(0);
  expect(version.out).toMatch(/^OMNI v\d+\.\d+\.\d+ /);
  const doctor = JSON.parse(shell(prefix, home, "omni doctor --json").out);
  // The process that answered is the compiled executable (not the sources through Bun), and doctor finds it on PATH.
  expect(doctor.binary.path).toBe(join(packageDir, "dist", "omni"));
  expect(isElf(doctor.binary.path)).toBe(process.platform === "linux");
  expect(doctor.binary.on_path).not.toBeNull();
  expect(doctor.problems.filter((problem: string) => problem.includes("PATH"))).toEqual([]);
}

describe.skipIf(!reachable || process.platform === "win32")("npm install -g", () => {
  test(
    "of npm pack's tarball gives an `omni` on PATH that runs the executable compiled at install",
    () => {
      const scratch = mkdtempSync(join(tmpdir(), "omni-install-"));
      try {
        const tarball = join(scratch, JSON.parse(npm(["pack", "--json", "--pack-destination", scratch], REPO_ROOT))[0].filename);
        const prefix = join(scratch, "prefix");
        npm(["install", "-g", "--prefix", prefix, tarball], scratch);
        const installed = join(prefix, "lib", "node_modules", "omni");
        expectCompiledOmni(prefix, scratch, installed);
        // The tarball carries what the build needs, and no tests.
        expect(shell(prefix, scratch, `ls ${installed}`).out.split("\n")).not.toContain("test");
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    INSTALL_TIMEOUT_MS,
  );

  test(
    "of this checkout links it: `omni` on PATH runs the checkout's dist/omni",
    () => {
      const scratch = mkdtempSync(join(tmpdir(), "omni-install-"));
      try {
        const prefix = join(scratch, "prefix");
        npm(["install", "-g", "--prefix", prefix, REPO_ROOT], scratch);
        expectCompiledOmni(prefix, scratch, realpathSync(REPO_ROOT));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    INSTALL_TIMEOUT_MS,
  );
});
