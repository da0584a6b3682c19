import { uninstallEntries } from "../../hosts/config/apply.ts";
import { hostList } from "../../hosts/index.ts";
import { systemClock } from "../../platform/clock.ts";
import { copyFile, fileExists, removeFile } from "../../platform/files.ts";
import { askLine, stdinIsTty, writeOut } from "../../platform/io.ts";
import { databasePath, omniHome } from "../../platform/paths.ts";
import { defineCommand } from "../command.ts";
import { chooseHost, flaggedHosts, hostFlagSpecs, installContext } from "../host-select.ts";
import { unlinkFromPath } from "../on-path.ts";
import { join } from "node:path";

export default defineCommand({
  usage: "omni reset [--all | --<host> …] [--wipe-db]",
  description: "Remove omni's integrations from hosts (every changed file is backed up first). --all offers to delete the database too.",
  flags: {
    ...hostFlagSpecs("remove omni from"),
    all: {
      type: "boolean",
      description:
        "every host, the current directory's .vscode/mcp.json and .cursor/rules/omni.mdc, and the PATH link init made; then offer to delete omni.db",
    },
    "wipe-db": { type: "boolean", description: "with --all: delete omni.db without asking (a copy is kept under ~/.omni/backups)" },
  },
  notes:
    "With no flag: a menu on a terminal, else the host omni runs inside, else an error listing the flags.\nYour shell configuration is never touched: omni never wrote any.",
  run({ env }, { flags }) {
    const chosen = flags.all ? [...hostList] : flaggedHosts(flags);
    const selected = chosen.length > 0 ? chosen : [chooseHost(env, "Reset")];
    const context = installContext(env, flags.all === true);
    const options = { omniHome: omniHome(env), nowMs: systemClock.now() };
    for (const host of selected) {
      const changes = uninstallEntries(host.configEntries(context), options).filter(
        (change) => change.action !== "absent" && change.action !== "unchanged",
      );
      writeOut(
        `${host.label}: ${changes.length === 0 ? "nothing installed" : changes.map((change) => `${change.action} ${change.file}${change.backup ? ` (backup: ${change.backup})` : ""}`).join("; ")}\n`,
      );
    }
    if (flags.all) {
      const unlinked = unlinkFromPath(env, context.exe);
      if (unlinked !== null) writeOut(`${unlinked}\n`);
    }
    if (flags.all) writeOut(`${offerDatabaseWipe(databasePath(env), options.omniHome, options.nowMs, flags["wipe-db"] === true)}\n`);
    return 0;
  },
});

/** The database goes only when asked: a flag, or a yes typed at the terminal. */
function offerDatabaseWipe(dbPath: string, home: string, nowMs: number, wipe: boolean): string {
  if (!fileExists(dbPath)) return `no database at ${dbPath}`;
  const confirmed =
    wipe || (stdinIsTty() && /^y(es)?$/i.test(askLine(`Also delete ${dbPath} (archive, history, memory)? [y/N]`)?.trim() ?? ""));
  if (!confirmed) return `kept ${dbPath} (omni reset --all --wipe-db deletes it)`;
  const backup = join(home, "backups", new Date(nowMs).toISOString().replace(/[:.]/g, "-"), "omni.db");
  for (const suffix of ["", "-wal", "-shm"]) {
    if (fileExists(`${dbPath}${suffix}`)) copyFile(`${dbPath}${suffix}`, `${backup}${suffix}`);
    removeFile(`${dbPath}${suffix}`);
  }
  return `deleted ${dbPath} (copy: ${backup})`;
}
