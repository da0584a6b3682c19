import { detectAgentId } from "../../hosts/index.ts";
import { stdoutIsTty, writeErr } from "../../platform/io.ts";
import { runCommand } from "../../platform/process.ts";
import { defineCommand } from "../command.ts";
import { deliver } from "../deliver.ts";
import { ActionableError } from "../errors.ts";

export default defineCommand({
  usage: "omni exec [--agent <id>] [--session <id>] <command> [args…]",
  description: "Run one command through the whole pipeline and print what an agent would read, with a footer on stderr.",
  flags: {
    agent: { type: "string", valueName: "id", description: "agent id recorded on the row (default: detected; `terminal` on a TTY)" },
    session: { type: "string", valueName: "id", description: "host session id: the ledger scope for folding repeats" },
  },
  parseOptions: { stopAtFirstPositional: true },
  notes: [
    "Forms:",
    "  omni exec cargo test          the command and its arguments",
    "  omni exec 'cargo test | tee x'  one string, run by sh -c",
    "",
    "Exit status: the command's own exit code (127 when it could not be started).",
    "A failed command passes through verbatim unless a test or build distiller recognised its tally.",
  ].join("\n"),
  run({ env }, { flags, positionals }) {
    if (positionals.length === 0) throw new ActionableError("omni exec needs a command: omni exec cargo test");
    if (positionals[0] === "--") throw new ActionableError("omni exec takes the command directly, without `--`: omni exec cargo test");
    const result = runCommand(positionals);
    if (result.spawnError && result.output.length === 0) {
      writeErr(`omni: cannot run \`${positionals[0]}\`: ${result.spawnError}\n`);
      return result.exitCode;
    }
    const explicitAgent = typeof flags.agent === "string" ? flags.agent : null;
    deliver({
      output: result.output,
      command: positionals.length === 1 ? positionals[0]! : positionals.map(quoteWord).join(" "),
      exitCode: result.exitCode,
      agentId: explicitAgent ?? (stdoutIsTty() ? "terminal" : detectAgentId(env)),
      sessionId: typeof flags.session === "string" ? flags.session : null,
      entry: "exec",
      env,
    });
    return result.exitCode;
  },
});

/** Re-quote a word for the recorded command string (routing reads it, nothing runs it). */
function quoteWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
