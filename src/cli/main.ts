/** argv → command. Nothing else lives here. */
import { writeErr, writeOut, stdinIsTty } from "../platform/io.ts";
import { VERSION } from "../platform/version.ts";
import { aliases, commands } from "./commands/index.ts";
import { ActionableError } from "./errors.ts";
import { closest, parseFlags } from "./flags.ts";
import { commandHelp, mainHelp } from "./help.ts";
import { HOOK_FLAGS, runHookMode } from "./hook-mode.ts";
import { PIPE_FLAGS, runPipeMode } from "./pipe-mode.ts";

async function main(argv: string[]): Promise<number> {
  const env = process.env;
  // An entry flag counts only as omni's own first argument (hosts call `omni --pre-hook`, `omni
  // --mcp`): never inside a subcommand's flags (`omni init --mcp`) or a wrapped command's
  // (`omni exec -- node server.js --mcp`).
  const hookFlag = argv[0] !== undefined && (HOOK_FLAGS as readonly string[]).includes(argv[0]) ? argv[0] : undefined;
  if (hookFlag) return runHookMode(hookFlag, env);
  // Lazy: the MCP SDK and zod load only in this mode, never on a hook's path.
  if (argv[0] === "--mcp") return (await import("../mcp/stdio.ts")).runMcpServer(env);

  const first = argv[0];
  if (first === undefined) {
    if (stdinIsTty()) {
      writeOut(mainHelp());
      return 0;
    }
    return runPipeMode([], env);
  }
  if (first === "--help" || first === "-h" || first === "help") {
    const topic = argv[1];
    const entry = topic ? commands[aliases[topic] ?? topic] : undefined;
    writeOut(entry ? commandHelp((await entry.load()).default) : mainHelp());
    return 0;
  }
  if (first === "--version" || first === "-v") {
    writeOut(`omni ${VERSION}\n`);
    return 0;
  }
  if (first.startsWith("-")) {
    if (stdinIsTty())
      parseFlags("", argv, {
        ...PIPE_FLAGS,
        help: { type: "boolean", short: "h", description: "" },
        version: { type: "boolean", short: "v", description: "" },
      });
    return runPipeMode(argv, env);
  }

  const name = aliases[first] ?? first;
  const entry = commands[name];
  if (!entry) {
    const suggestion = closest(first, Object.keys(commands));
    throw new ActionableError(
      `unknown command '${first}'${suggestion ? ` (did you mean '${suggestion}'?)` : ""}\nRun 'omni help' for usage.`,
    );
  }
  const command = (await entry.load()).default;
  const rest = argv.slice(1);
  const stop = command.parseOptions?.stopAtFirstPositional ? rest.findIndex((arg) => !arg.startsWith("-") || arg === "--") : -1;
  const own = stop === -1 ? rest : rest.slice(0, stop);
  if (own.includes("--help") || own.includes("-h")) {
    writeOut(commandHelp(command));
    return 0;
  }
  const parsed = parseFlags(name, rest, command.flags, command.parseOptions);
  return command.run({ argv: rest, env }, parsed);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ActionableError) {
      writeErr(`omni: ${error.message}\n`);
      process.exit(error.exitCode);
    }
    writeErr(`omni: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.OMNI_DEBUG === "1" && error instanceof Error) writeErr(`${error.stack}\n`);
    else writeErr("omni: set OMNI_DEBUG=1 for the stack trace\n");
    process.exit(1);
  },
);
