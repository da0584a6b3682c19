import { shellQuote } from "../../core/gateway/rewrite-form.ts";
import { stdoutReaderId } from "../../hosts/index.ts";
import { stdinIsTty, stdoutIsTty, writeErr, writeOut } from "../../platform/io.ts";
import { runCommandForwarding } from "../../platform/process.ts";
import { defineCommand } from "../command.ts";
import { deliver } from "../../runtime/deliver.ts";
import { ActionableError } from "../errors.ts";

/** After a forwarded signal, how long the command gets to exit by itself before its group is killed. */
const SIGNAL_GRACE_MS = 2_000;
/** How long before the host's timeout the captured output is printed, at most (a fifth of a short timeout). */
const DEADLINE_MARGIN_MS = 2_000;

export default defineCommand({
  usage: "omni exec [--agent <id>] [--session <id>] [--subagent <id>] [--hooked] [--] <command> [args…]",
  description: "Run one command through the whole pipeline and print what an agent would read, with a footer on stderr.",
  flags: {
    agent: {
      type: "string",
      valueName: "id",
      description: "agent id recorded on the row (default: `terminal` on a TTY, else the host detected, else `unknown`)",
    },
    session: { type: "string", valueName: "id", description: "host session id: the ledger scope for folding repeats" },
    subagent: { type: "string", valueName: "id", description: "the host's subagent id: a reader of its own within the session" },
    hooked: { type: "boolean", description: "run for a host's pre-hook rewrite: no footer (the row still records what was saved)" },
    "host-timeout": {
      type: "string",
      valueName: "ms",
      description:
        "the host's timeout for this command: shortly before it, print what was captured (distilled) and stream the rest as it comes",
    },
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
    const explicitAgent = typeof flags.agent === "string" ? flags.agent : null;
    const request = (output: Uint8Array, exitCode: number | null) => ({
      output,
      command: argv.length === 1 ? argv[0]! : argv.map(shellQuote).join(" "),
      exitCode,
      agentId: explicitAgent ?? stdoutReaderId(env, stdoutIsTty()),
      sessionId: typeof flags.session === "string" ? flags.session : null,
      subagentId: typeof flags.subagent === "string" ? flags.subagent : null,
      entry: "exec" as const,
      env: flags.hooked === true ? { ...env, OMNI_QUIET: "1" } : env,
    });
    const timeoutMs = hostTimeout(flags["host-timeout"]);
    // A terminal's stdin stays with the foreground group: a child in a group of its own could not read it.
    const result = await runCommandForwarding(argv, {
      ownGroup: !stdinIsTty(),
      graceMs: SIGNAL_GRACE_MS,
      // Claude Code moves a command still running at its timeout to the background and shows what
      // it had printed (measured, 2.1.332): a buffered run would show nothing there. Its exit code
      // is not known yet: recorded as unseen (null), and judged as a run that has not failed.
      ...(timeoutMs === null
        ? {}
        : {
            deadline: {
              atMs: timeoutMs - Math.min(DEADLINE_MARGIN_MS, timeoutMs * 0.2),
              onDeadline: (captured: Buffer) => deliver(request(captured, null)),
              stream: (bytes: Buffer) => writeOut(bytes),
            },
          }),
    });
    if (result.streamedFrom !== null) return result.exitCode;
    if (result.spawnError && result.output.length === 0) {
      writeErr(`omni: cannot run \`${argv[0]}\`: ${result.spawnError}\n`);
      return result.exitCode;
    }
    deliver(request(result.output, result.exitCode));
    return result.exitCode;
  },
});

function hostTimeout(value: string | boolean | undefined): number | null {
  if (value === undefined) return null;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0)
    throw new ActionableError(`--host-timeout takes milliseconds, e.g. --host-timeout 120000 (got ${String(value)})`);
  return ms;
}
