import { decideRewrite } from "../../core/gateway/decide.ts";
import { claudePermissionRules } from "../../hosts/claude-permissions.ts";
import { writeOut } from "../../platform/io.ts";
import { homeDir } from "../../platform/paths.ts";
import { selfExecutable } from "../../platform/self.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";

export default defineCommand({
  usage: "omni gateway [--json] [--mode <mode>] [--no-rules] <command> [<command> …]",
  description:
    "Show what the pre-hook would do with each shell command: rewrite it into omni exec (and with which permission answer), or leave it alone, and why.",
  flags: {
    json: { type: "boolean", description: "print one JSON array, an object per command" },
    mode: {
      type: "string",
      valueName: "mode",
      description: "the host's permission mode (default, acceptEdits, bypassPermissions, dontAsk, plan); default: default",
    },
    "no-rules": {
      type: "boolean",
      description: "ignore your Claude Code permission rules (by default they are read as the pre-hook reads them, for this directory)",
    },
  },
  notes: ["Each command is one argument: quote it as a whole (omni gateway 'cd build && ctest')."].join("\n"),
  run({ env }, { flags, positionals }) {
    if (positionals.length === 0) throw new ActionableError("omni gateway needs a command: omni gateway 'npx vitest run'");
    let read: ReturnType<typeof claudePermissionRules> | undefined;
    // Read once, and only if some command gets as far as asking.
    const rules = () =>
      read === undefined
        ? (read = flags["no-rules"] ? { deny: [], ask: [], allow: [] } : claudePermissionRules({ cwd: process.cwd() }, env, homeDir(env)))
        : read;
    const exe = selfExecutable(env);
    const rows = positionals.map((command) => {
      const decision = decideRewrite({
        command,
        runInBackground: false,
        permissionMode: typeof flags.mode === "string" ? flags.mode : null,
        rules,
        exe,
        scope: { agentId: "claude_code", sessionId: null, subagentId: null },
      });
      return decision.rewrite
        ? { command, rewrite: true, permission: decision.permission, why: decision.why, rewritten: decision.command }
        : { command, rewrite: false, reason: decision.reason };
    });
    if (flags.json) {
      writeOut(`${JSON.stringify(rows, null, 2)}\n`);
      return 0;
    }
    for (const row of rows) {
      writeOut(
        row.rewrite
          ? `rewrite  ${row.command}\n         permission: ${row.permission === "allow" ? "allow" : "the host's"} (${row.why})\n`
          : `leave    ${row.command}\n         ${row.reason}\n`,
      );
    }
    return 0;
  },
});
