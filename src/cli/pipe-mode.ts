/** `cmd | omni`: distill whatever arrives on stdin; the command hint comes from --cmd or OMNI_CMD. */
import { stdoutReaderId } from "../hosts/index.ts";
import { MAX_INPUT_BYTES } from "../base/limits.ts";
import { readStdinWithin, stdoutIsTty, writeOut } from "../platform/io.ts";
import type { Env } from "../platform/paths.ts";
import { deliver } from "../runtime/deliver.ts";
import { parseFlags, type FlagSpecs } from "./flags.ts";

export const PIPE_FLAGS: FlagSpecs = {
  cmd: { type: "string", valueName: "command", description: "the command that produced the input (routes it to a distiller)" },
  agent: { type: "string", valueName: "id", description: "agent id recorded on the row" },
  session: { type: "string", valueName: "id", description: "host session id (ledger scope)" },
};

export async function runPipeMode(argv: string[], env: Env): Promise<number> {
  const { flags } = parseFlags("", argv, PIPE_FLAGS);
  // Past the input ceiling nothing is edited: stream the bytes straight through, so memory stays
  // flat however large the input (the run is not recorded; there is nothing to account for).
  const output = await readStdinWithin(MAX_INPUT_BYTES, writeOut);
  if (output === null) return 0;
  const command = typeof flags.cmd === "string" ? flags.cmd : (env.OMNI_CMD ?? env.CMD ?? "");
  deliver({
    output,
    command,
    // The command ran upstream of the pipe: its exit code never reached omni.
    exitCode: null,
    agentId: typeof flags.agent === "string" ? flags.agent : stdoutReaderId(env, stdoutIsTty()),
    sessionId: typeof flags.session === "string" ? flags.session : null,
    entry: "pipe",
    env,
  });
  return 0;
}
