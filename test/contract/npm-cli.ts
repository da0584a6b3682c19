/**
 * Host CLIs installed on demand from npm into test-output/<dir> (gitignored, never part of the
 * project's own install), at a pinned version: the hook contract was measured against it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inCi, type Env } from "../helpers/ci.ts";
import { REPO_ROOT } from "../helpers/sandbox.ts";

export type CliAvailability = { bin: string; skip: null } | { bin: null; skip: string };

export interface PinnedCli {
  /** npm package name. */
  pkg: string;
  version: string;
  /** The executable's name under node_modules/.bin. */
  bin: string;
  /** Reads the version the installed executable reports. */
  versionOf(stdout: string): string | null;
  /** A JavaScript CLI whose engines need a newer Node than the one here: run it with the project's bun. */
  viaBun?: boolean;
}

export type ContractVerdict = { kind: "run" } | { kind: "skip" | "fail"; message: string };

/**
 * Whether a host's contract suite runs. A CLI that could not be installed skips the suite only
 * where that is allowed: always with OMNI_SKIP_CONTRACT=1 (the user asked), and outside CI (a
 * developer offline is told why). Under CI it fails: a suite that should run never skips quietly.
 */
export function contractVerdict(host: string, cli: CliAvailability, env: Env = process.env): ContractVerdict {
  if (cli.skip === null) return { kind: "run" };
  if (env.OMNI_SKIP_CONTRACT === "1") return { kind: "skip", message: `skipping the ${host} contract test, as asked: ${cli.skip}` };
  if (!inCi(env)) return { kind: "skip", message: `skipping the ${host} contract test: ${cli.skip}` };
  return {
    kind: "fail",
    message: `the ${host} contract test should run under CI but cannot: ${cli.skip}. Make the npm registry reachable, or set OMNI_SKIP_CONTRACT=1 to skip the contract suites on purpose.`,
  };
}

const BUN = join(REPO_ROOT, "node_modules", ".bin", "bun");

/** The argv prefix that runs an installed CLI. */
export function commandFor(cli: PinnedCli, bin: string): string[] {
  return cli.viaBun ? [BUN, bin] : [bin];
}

function installedVersion(cli: PinnedCli, bin: string, dir: string): string | null {
  if (!existsSync(bin)) return null;
  const [file, ...prefix] = commandFor(cli, bin);
  const result = spawnSync(file!, [...prefix, "--version"], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: dir, IS_SANDBOX: "1" },
    timeout: 30_000,
  });
  return cli.versionOf(result.stdout ?? "");
}

/** Install the pinned CLI if needed. Skips only when npm itself cannot reach its registry. */
export function ensureNpmCli(cli: PinnedCli): CliAvailability {
  // A machine that cannot spare the downloads (about 1.5 GB for the five CLIs) opts out, and is told so.
  if (process.env.OMNI_SKIP_CONTRACT === "1")
    return { bin: null, skip: `OMNI_SKIP_CONTRACT=1 is set, so ${cli.pkg}@${cli.version} is not installed` };
  const dir = join(REPO_ROOT, "test-output", cli.pkg.replace(/^@/, "").replace(/\//g, "-"));
  const bin = join(dir, "node_modules", ".bin", cli.bin);
  if (installedVersion(cli, bin, dir) === cli.version) return { bin, skip: null };
  console.warn(
    `[contract] installing ${cli.pkg}@${cli.version} into ${dir} (once; later runs reuse it; OMNI_SKIP_CONTRACT=1 skips the contract tests)`,
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "host-cli-cache", private: true }, null, 2)}\n`);
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", `${cli.pkg}@${cli.version}`], {
    cwd: dir,
    encoding: "utf8",
    timeout: 600_000,
  });
  if (install.status === 0 && installedVersion(cli, bin, dir) === cli.version) return { bin, skip: null };
  const ping = spawnSync("npm", ["ping"], { encoding: "utf8", timeout: 60_000 });
  if (ping.status !== 0)
    return {
      bin: null,
      skip: `npm registry unreachable, cannot install ${cli.pkg}@${cli.version}: ${(ping.stderr ?? "").trim().split("\n").at(-1)}`,
    };
  throw new Error(`npm reached the registry but installing ${cli.pkg}@${cli.version} failed:\n${install.stderr}`);
}
