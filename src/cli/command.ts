/** The shape every subcommand module exports. */
import type { FlagSpecs, ParseOptions } from "./flags.ts";
import type { Env } from "../platform/paths.ts";

export interface CommandContext {
  argv: string[];
  env: Env;
}

export interface Command {
  usage: string;
  description: string;
  flags: FlagSpecs;
  parseOptions?: ParseOptions;
  /** Extra help text: examples and exit codes. */
  notes?: string;
  run(
    context: CommandContext,
    parsed: { flags: Record<string, string | boolean | undefined>; positionals: string[] },
  ): Promise<number> | number;
}

export function defineCommand(command: Command): Command {
  return command;
}
