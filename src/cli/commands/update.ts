import { git, installOf, reinstall, type GitStep } from "../../platform/install.ts";
import { askLine, stdinIsTty, writeErr, writeOut } from "../../platform/io.ts";
import { selfExecutable } from "../../platform/self.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";

/** How many incoming commits the report lists before it says "and N more". */
const LISTED_COMMITS = 10;

interface UpdateReport {
  root: string;
  upstream: string;
  behind: number;
  updated: boolean;
  head: string;
}

export default defineCommand({
  usage: "omni update [--check] [--yes] [--json]",
  description: "Upgrade this omni from the git checkout it was built in: fetch, fast-forward, rebuild.",
  flags: {
    check: { type: "boolean", description: "only report whether newer commits exist" },
    yes: { type: "boolean", description: "upgrade without asking" },
    json: { type: "boolean", description: "print one JSON object (implies no prompt: pair it with --yes to upgrade)" },
  },
  notes:
    "Installs that are not a git checkout upgrade through the channel they came from.\n" +
    "Re-run `omni init` afterwards if the changes say the hook contract changed.\n" +
    "Exit codes: 0 up to date or updated, 1 the update could not run (the message names the fix).",
  run({ env }, { flags }) {
    const install = installOf(selfExecutable(env));
    if (install.kind === "other") {
      throw new ActionableError(
        `${install.executable} is not inside a git checkout of omni; upgrade it through the channel you installed it with`,
      );
    }
    const { root } = install;
    const progress = (line: string) => {
      if (!flags.json) writeErr(`${line}\n`);
    };
    const upstream = required(
      git(root, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]),
      `the branch checked out in ${root} tracks no remote branch; run \`git -C ${root} branch --set-upstream-to origin/main\``,
    );
    progress(`fetching ${upstream}…`);
    required(git(root, ["fetch", "--quiet"]), `could not fetch ${upstream} into ${root}`);
    const behind = Number(required(git(root, ["rev-list", "--count", "HEAD..@{u}"]), `could not compare ${root} with ${upstream}`));
    const report: UpdateReport = { root, upstream, behind, updated: false, head: headOf(root) };

    if (behind === 0) return finish(report, flags.json === true, `omni is up to date with ${upstream} (${report.head}).`);
    const incoming = required(
      git(root, ["log", "--oneline", `-${LISTED_COMMITS}`, "HEAD..@{u}"]),
      `could not list the commits on ${upstream}`,
    );
    const more = behind > LISTED_COMMITS ? `\n  … and ${behind - LISTED_COMMITS} more` : "";
    const summary = `${behind} new commit${behind === 1 ? "" : "s"} on ${upstream}:\n${indent(incoming)}${more}`;
    if (flags.check || !(flags.yes || confirmed(flags.json === true))) {
      return finish(report, flags.json === true, `${summary}\nRun \`omni update --yes\` to install ${behind === 1 ? "it" : "them"}.`);
    }

    if (!flags.json) writeOut(`${summary}\n`);
    required(git(root, ["status", "--porcelain", "--untracked-files=no"]), `could not read the state of ${root}`, (text) => {
      if (text !== "") throw new ActionableError(`${root} has local changes; commit or stash them, then run \`omni update\` again`);
    });
    progress(`fast-forwarding to ${upstream}…`);
    required(
      git(root, ["merge", "--ff-only", "@{u}"]),
      `${root} has diverged from ${upstream}; merge or rebase it yourself, then run \`npm install\` there`,
    );
    progress("installing and rebuilding (npm install)…");
    const rebuilt = reinstall(root);
    if (!rebuilt.ok)
      throw new ActionableError(`the sources are updated but \`npm install\` failed in ${root}; run it there to see why:\n${rebuilt.text}`);
    const head = headOf(root);
    return finish(
      { ...report, updated: true, head },
      flags.json === true,
      `Updated to ${head}. Re-run \`omni init\` if the changes say the hook contract changed.`,
    );
  },
});

/** The step's output, or an actionable error carrying the reason git gave. */
function required(step: GitStep, failure: string, check?: (text: string) => void): string {
  if (!step.ok) throw new ActionableError(step.text ? `${failure} (${step.text.split("\n")[0]})` : failure);
  check?.(step.text);
  return step.text;
}

function headOf(root: string): string {
  return git(root, ["rev-parse", "--short", "HEAD"]).text;
}

/** A yes typed at a terminal; never asked without one, or when a machine reads the output. */
function confirmed(json: boolean): boolean {
  if (json || !stdinIsTty()) return false;
  return /^y(es)?$/i.test(askLine("Update now? [y/N]")?.trim() ?? "");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

function finish(report: UpdateReport, json: boolean, sentence: string): number {
  writeOut(json ? `${JSON.stringify(report)}\n` : `${sentence}\n`);
  return 0;
}
