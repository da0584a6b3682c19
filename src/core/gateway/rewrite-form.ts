/**
 * The text of a rewrite and its inverse. omni is spliced in front of the final command's own text:
 * `cd build && FOO=1 '/abs/omni' exec --hooked --agent claude_code --session 'S' -- ctest 2>&1`.
 * The reader's scope (session, subagent) travels as single-quoted words the shell cannot misread,
 * and `--` ends omni's flags, so whatever the command is, it belongs to the child.
 */
import type { ShellForm } from "./shell-form.ts";

export interface ReaderScope {
  agentId: string;
  sessionId: string | null;
  /** The host's subagent id: a subagent is its own reader, though it carries the parent's session. */
  subagentId: string | null;
  /** The host's timeout for this call, when it has one: omni exec prints what it has before it. */
  hostTimeoutMs?: number | null;
}

export function rewriteText(form: ShellForm, exe: string, scope: ReaderScope): string {
  const flags = [`--hooked`, `--agent ${shellQuote(scope.agentId)}`];
  if (scope.sessionId) flags.push(`--session ${shellQuote(scope.sessionId)}`);
  if (scope.subagentId) flags.push(`--subagent ${shellQuote(scope.subagentId)}`);
  if (scope.hostTimeoutMs) flags.push(`--host-timeout ${Math.round(scope.hostTimeoutMs)}`);
  return `${form.prefix}${form.assignments}${form.timeKeyword}${shellQuote(exe)} exec ${flags.join(" ")} -- ${form.body}`;
}

const QUOTED = String.raw`'(?:[^']|'\\'')*'`;
const LEAD = String.raw`(?:[\s\S]*?(?:&&|;)\s*)?(?:[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s'"])*\s+)*(?:time\s+(?:-p\s+)?)?`;
const EXE = String.raw`(?:'[^']*\/omni(?:\.exe)?'|(?:\S*\/)?omni(?:\.exe)?)`;
const FLAG = String.raw`(?:--hooked|--(?:agent|session|subagent|host-timeout)(?:=(?:${QUOTED}|\S+)|\s+(?:${QUOTED}|\S+)))\s+`;
const WRAPPED = new RegExp(String.raw`^(\s*${LEAD})${EXE}\s+exec\s+(?:${FLAG})*(?:--\s+)?`);

/** The command as the agent typed it, when `command` is omni's own rewrite (or a typed `omni exec …`); else the command. */
export function unwrapRewrite(command: string): string {
  const match = WRAPPED.exec(command);
  if (!match) return command;
  return match[1]! + command.slice(match[0].length);
}

export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
