/**
 * Which program a shell command runs: the chain split into segments, leading assignments and
 * wrappers (`timeout 60`, `nice -n 5`, `env A=1`) peeled, and the one producer whose stdout the
 * agent reads.
 */
import { basename, parseChain, splitAssignments, type ShellSegment } from "../../base/shell-words.ts";

export interface Program {
  base: string;
  args: string[];
  segment: ShellSegment;
}

const SILENT_BUILTINS = new Set([
  "cd",
  "pushd",
  "popd",
  "export",
  "set",
  "unset",
  "source",
  ".",
  "true",
  ":",
  "alias",
  "umask",
  "ulimit",
  "shopt",
  "trap",
  "sleep",
  "mkdir",
  "touch",
  "rm",
  "cp",
  "mv",
  "chmod",
  "wait",
]);

/**
 * Wrappers that run the rest of their words as the program, with how many words each option takes.
 * Not the gateway's WRAPPERS (core/gateway/permission-rules.ts): that list peels every spelling a
 * deny rule might name, so it may over-peel (`watch`, `xargs`, `strace`) at no cost; this one says
 * whose stdout the agent reads, and `watch git status` does not print one git status. `xargs` is
 * read apart (XARGS_OPTIONS): only fed by a pipe does it stand for the program it runs.
 */
interface WrapperOptions {
  /** Options that take the next word as their value. */
  valued: RegExp;
  /** Words the wrapper itself takes before the program (`timeout`'s duration). */
  positional: number;
  /** `env`: `NAME=value` words before the program are its own. */
  assignments?: boolean;
}

const WRAPPER_OPTIONS: Record<string, WrapperOptions> = {
  // `timeout [-s SIG] [-k DUR] [--preserve-status] DURATION cmd`
  timeout: { valued: /^(?:-s|--signal|-k|--kill-after)$/, positional: 1 },
  time: { valued: /^(?:-f|--format|-o|--output)$/, positional: 0 },
  nice: { valued: /^(?:-n|--adjustment)$/, positional: 0 },
  nohup: { valued: /^$/, positional: 0 },
  stdbuf: { valued: /^(?:-i|-o|-e)$/, positional: 0 },
  ionice: { valued: /^(?:-c|-n|-p|--class|--classdata)$/, positional: 0 },
  sudo: { valued: /^(?:-u|-g|-C|-D|-h|-p|-U|--user|--group)$/, positional: 0 },
  command: { valued: /^$/, positional: 0 },
  exec: { valued: /^(?:-a)$/, positional: 0 },
  env: { valued: /^(?:-u|--unset|-C|--chdir|-S|--split-string)$/, positional: 0, assignments: true },
  // `xvfb-run -a npm test`: a display for the tests, their output unchanged.
  "xvfb-run": {
    valued: /^(?:-n|--server-num|-e|--error-file|-f|--auth-file|-p|--xauth-protocol|-s|--server-args|-w|--wait)$/,
    positional: 0,
  },
};

/**
 * `xargs [options] cmd`, fed by a pipe, runs cmd over what came down it: the agent reads cmd's
 * output (`find src -print0 | xargs -0 -n1 php -l` prints php's verdicts, not find's paths).
 * With no cmd it runs `echo`, which reshapes the lines it was fed.
 */
const XARGS_OPTIONS: WrapperOptions = {
  // Options whose value may be the next word; `-e`, `--eof`, `--replace` and `--max-lines` take theirs only attached.
  valued: /^(?:-[nLPsdEaI]|--(?:max-args|max-procs|max-chars|delimiter|arg-file|process-slot-var))$/,
  positional: 0,
};

/** Words after a wrapper and its own options: the wrapped program's argv. */
function peelWrapper(words: string[], spec: WrapperOptions): string[] {
  let rest = words;
  let positional = spec.positional;
  while (rest.length > 0) {
    const word = rest[0]!;
    // `--` ends the options and is read as one: the positional words (`timeout -- 10 cmd`) still follow it.
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) rest = rest.slice(1);
    else if (spec.valued.test(word)) rest = rest.slice(2);
    else if (word.startsWith("-") && word.length > 1) rest = rest.slice(1);
    else if (positional > 0) {
      rest = rest.slice(1);
      positional--;
    } else break;
  }
  return rest;
}

const SHELLS = new Set(["bash", "sh", "dash", "zsh", "ksh"]);

/** The script of `bash -c SCRIPT` (any option cluster ending in `c`: `-lc`, `-ec`), or null. */
export function shellScript(program: Pick<Program, "base" | "args">): string | null {
  if (!SHELLS.has(program.base)) return null;
  const at = program.args.findIndex((arg) => /^-[a-z]*c$/.test(arg));
  if (at === -1 || program.args.slice(0, at).some((arg) => !arg.startsWith("-"))) return null;
  return program.args[at + 1] ?? null;
}

/** `python3.12`, `python3` and `python` are one program to routing. */
export function programBase(word: string): string {
  const base = basename(word);
  return /^python[0-9.]*$/.test(base) && base !== "python" ? "python3" : base;
}

function programOf(segment: ShellSegment): Program | null {
  let words = splitAssignments(segment.words).rest;
  for (let depth = 0; depth < 4 && words.length > 0 && basename(words[0]!) in WRAPPER_OPTIONS; depth++) {
    const wrapper = basename(words[0]!);
    words = peelWrapper(words.slice(1), WRAPPER_OPTIONS[wrapper]!);
    if (wrapper === "env" && words.length === 0) return { base: "env", args: [], segment };
  }
  if (words.length === 0) return null;
  return { base: programBase(words[0]!), args: words.slice(1), segment };
}

/**
 * The single program whose stdout this is, or null when several programs' output is mixed
 * (e.g. `git status && find .`). Silent builtins do not count as producers.
 */
export function soleOutputProgram(command: string): { program: Program | null; tail: Program | null; mixed: boolean } {
  const segments = parseChain(command);
  const producers: { program: Program; at: number }[] = [];
  let tail: Program | null = null;
  let pipelineStart = 0;
  for (let i = 0; i < segments.length; i++) {
    const pipedInto = i > 0 && segments[i - 1]!.next === "|";
    if (!pipedInto) pipelineStart = i;
    const program = programOf(segments[i]!);
    if (!program) continue;
    if (pipedInto) {
      const run = program.base === "xargs" ? xargsProgram(program) : null;
      if (!run) {
        tail = program;
        continue;
      }
      // What fed xargs is consumed: the program it runs is this pipeline's producer.
      while (producers.length > 0 && producers.at(-1)!.at >= pipelineStart) producers.pop();
      tail = null;
      producers.push({ program: run, at: i });
      continue;
    }
    if (!SILENT_BUILTINS.has(program.base)) producers.push({ program, at: i });
  }
  return { program: producers.length === 1 ? producers[0]!.program : null, tail, mixed: producers.length > 1 };
}

/** The program `xargs` runs, or null when it runs the default `echo`. */
function xargsProgram(xargs: Program): Program | null {
  const words = peelWrapper(xargs.args, XARGS_OPTIONS);
  if (words.length === 0) return null;
  return { base: programBase(words[0]!), args: words.slice(1), segment: xargs.segment };
}
