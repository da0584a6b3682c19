/**
 * The host flags init and reset share, built from the registry (no second list of hosts), and
 * the choice when none is given: a menu on a terminal, else the host omni runs inside, else an
 * error naming the flags. A misspelled flag never reaches here: flag parsing rejects it.
 */
import { hostFromEnv, hostList } from "../hosts/index.ts";
import type { HostAdapter, InstallContext } from "../hosts/types.ts";
import type { FlagSpecs } from "./flags.ts";
import { askLine, stdinIsTty, writeErr } from "../platform/io.ts";
import { homeDir, type Env } from "../platform/paths.ts";
import { selfExecutable } from "../platform/self.ts";
import { ActionableError } from "./errors.ts";

export function hostFlagSpecs(verb: string): FlagSpecs {
  return Object.fromEntries(
    hostList.flatMap((host) =>
      host.flags.map((flag) => [flag, { type: "boolean" as const, description: `${verb} ${host.label} (${host.tier})` }]),
    ),
  );
}

export function flaggedHosts(flags: Record<string, string | boolean | undefined>): HostAdapter[] {
  return hostList.filter((host) => host.flags.some((flag) => flags[flag] === true));
}

export function flagList(): string {
  return hostList.map((host) => `--${host.flags[0]}`).join(" ");
}

/** No host flag: a menu on a terminal; otherwise the host in the environment, said out loud. */
export function chooseHost(env: Env, verb: string): HostAdapter {
  if (stdinIsTty()) {
    hostList.forEach((host, index) => writeErr(`  ${String(index + 1).padStart(2)}. ${host.label} (${host.tier})\n`));
    const answer = askLine(`${verb} which host? [1-${hostList.length}]`)?.trim() ?? "";
    const host = hostList[Number(answer) - 1];
    if (!host) throw new ActionableError(`no host chosen; pass one of: ${flagList()} --all`);
    return host;
  }
  const host = hostFromEnv(env);
  if (!host) throw new ActionableError(`no terminal for a menu and no host in the environment; pass one of: ${flagList()} --all`);
  writeErr(`omni: running inside ${host.label}; ${verb.toLowerCase()} it (pass --${host.flags[0]} or another host flag to choose)\n`);
  return host;
}

export function installContext(env: Env, workspace: boolean): InstallContext {
  return { exe: selfExecutable(env), home: homeDir(env), cwd: process.cwd(), platform: process.platform, env, workspace };
}
