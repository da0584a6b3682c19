/** Real text out of the recorded sessions, for tests that need realistic lines rather than fixtures of one tool. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED } from "./sandbox.ts";

export const SESSIONS_DIR = join(SHARED, "corpus/sessions");

/** Every PostToolUse payload of one recorded session. */
export function sessionPayloads(name: string): Array<Record<string, unknown>> {
  return readFileSync(join(SESSIONS_DIR, `${name}.jsonl`), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The content of the first whole-file Read of `pathSuffix` in a session. */
export function readContent(session: string, pathSuffix: string): string {
  for (const payload of sessionPayloads(session)) {
    const input = payload.tool_input as { file_path?: string; offset?: number };
    const file = (payload.tool_response as { file?: { content?: string } } | undefined)?.file;
    if (payload.tool_name === "Read" && input.file_path?.endsWith(pathSuffix) && input.offset === undefined && file?.content)
      return file.content;
  }
  throw new Error(`no whole-file Read of ${pathSuffix} in ${session}`);
}

/** Every distinct Bash command string of every recorded session, in order of first use. */
export function corpusBashCommands(): string[] {
  const seen = new Set<string>();
  for (const file of readdirSync(SESSIONS_DIR)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()) {
    for (const payload of sessionPayloads(file.slice(0, -".jsonl".length))) {
      const command = (payload.tool_input as { command?: unknown } | undefined)?.command;
      if (payload.tool_name === "Bash" && typeof command === "string") seen.add(command);
    }
  }
  return [...seen];
}
