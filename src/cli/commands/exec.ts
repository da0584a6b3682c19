import { detectAgentId } from "../../hosts/index.ts";
import { stdinIsTty, stdoutIsTty, writeErr } from "../../platform/io.ts";
import { runCommandForwarding } from "../../platform/process.ts";
import { defineCommand } from "../command.ts";
import { deliver } from "../deliver.ts";
import { ActionableError } from "../errors.ts";

/** After a forwarded signal, how long the command gets to exit by itself before its group is killed. */
const SIGNAL_GRACE_MS = 2_000;

export default defineCommand({
  usage: "omni exec [--agent <id>] [--session <id>] [--subagent <id>] [--hooked] [--] <command> [args…]",
  description: "Run one command through the whole pipeline and print what an agent would read, with a footer on stderr.",
  flags: {
    agent: { type: "string", valueName: "id", description: "agent id recorded on the row (default: detected; `terminal` on a TTY)" },
    session: { type: "string", valueName: "id", description: "host session id: the ledger scope for folding repeats" },
    subagent: { type: "string", valueName: "id", description: "the host's subagent id: a reader of its own within the session" },
    hooked: { type: "boolean", description: "run for a host's pre-hook rewrite: no footer (the row still records what was saved)" },
  },
  parseOptions: { stopAtFirstPositional: true },
  notes: [
    "Forms:",
    "  omni exec cargo test          the command and its arguments",
    "  omni exec -- cargo test       the same: everything after `--` belongs to the command",
    "  omni exec 'cargo test | tee x'  one string, run by sh -c",
    "",
    "SIGINT, SIGTERM and SIGHUP go on to the command's process group; omni then prints what the",
    "command had printed so far (distilled when it can be) and exits with the command's status.",
    "Standard input passes through to the command.",
    "",
    "Exit status: the command's own exit code (127 when it could not be started).",
    "A failed command passes through verbatim unless a test or build distiller recognised its tally.",
  ].join("\n"),
  async run({ env }, { flags, positionals }) {
    const argv = positionals[0] === "--" ? positionals.slice(1) : positionals;
    if (argv.length === 0) throw new ActionableError("omni exec needs a command: omni exec cargo test");
    // A terminal's stdin stays with the foreground group: a child in a group of its own could not read it.
    const result = await runCommandForwarding(argv, { ownGroup: !stdinIsTty(), graceMs: SIGNAL_GRACE_MS });
    if (result.spawnError && result.output.length === 0) {
      writeErr(`omni: cannot run \`${argv[0]}\`: ${result.spawnError}\n`);
      return result.exitCode;
    }
    const explicitAgent = typeof flags.agent === "string" ? flags.agent : null;
    deliver({
      output: result.output,
      command: argv.length === 1 ? argv[0]! : argv.map(quoteWord).join(" "),
      exitCode: result.exitCode,
      agentId: explicitAgent ?? (stdoutIsTty() ? "terminal" : detectAgentId(env)),
      sessionId: typeof flags.session === "string" ? flags.session : null,
      subagentId: typeof flags.subagent === "string" ? flags.subagent : null,
      entry: "exec",
      env: flags.hooked === true ? { ...env, OMNI_QUIET: "1" } : env,
    });
    return result.exitCode;
  },
});

/** Re-quote a word for the recorded command string (routing reads it, nothing runs it). */
function quoteWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
