/**
 * Strict flag parsing: an unknown flag is an error with a did-you-mean, never a silent default
 * (`omni stats --detial` printing the overview and exiting 0 is the bug this prevents).
 */
import { ActionableError } from "./errors.ts";

export interface FlagSpec {
  type: "boolean" | "string";
  short?: string;
  description: string;
  /** Shown in help instead of `<value>`. */
  valueName?: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface ParseOptions {
  /** Everything from the first positional on belongs to a wrapped command (`omni exec`). */
  stopAtFirstPositional?: boolean;
}

export function parseFlags(command: string, argv: string[], specs: FlagSpecs, options: ParseOptions = {}): ParsedArgs {
  const flags: ParsedArgs["flags"] = {};
  const positionals: string[] = [];
  const byShort = new Map(Object.entries(specs).flatMap(([name, spec]) => (spec.short ? [[spec.short, name] as const] : [])));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (options.stopAtFirstPositional && (!arg.startsWith("-") || arg === "--")) {
      positionals.push(...argv.slice(i));
      break;
    }
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? undefined : arg.slice(eq + 1);
      if (!specs[name]) throw unknownFlag(command, `--${name}`, specs);
    } else if (arg.startsWith("-") && arg.length > 1) {
      name = byShort.get(arg.slice(1));
      if (!name) throw unknownFlag(command, arg, specs);
    } else {
      positionals.push(arg);
      continue;
    }
    const spec = specs[name]!;
    if (spec.type === "boolean") {
      if (inline !== undefined) throw new ActionableError(`flag \`--${name}\` takes no value; run \`omni ${command} --help\``);
      flags[name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined)
      throw new ActionableError(`flag \`--${name}\` needs a value (${spec.valueName ?? "value"}); run \`omni ${command} --help\``);
    flags[name] = value;
  }
  return { flags, positionals };
}

function unknownFlag(command: string, flag: string, specs: FlagSpecs): ActionableError {
  const names = Object.keys(specs).map((name) => `--${name}`);
  const suggestion = closest(flag.split("=")[0]!, names);
  const where = command ? `omni ${command}` : "omni";
  const hint = suggestion ? `did you mean \`${suggestion}\`?` : `run \`${where} --help\` for the accepted flags`;
  return new ActionableError(`unknown flag \`${flag}\` for \`${where}\`, ${hint}`);
}

/** The candidate within edit distance 2, if any. */
export function closest(word: string, candidates: string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

export function formatFlagHelp(specs: FlagSpecs): string {
  const rows = Object.entries(specs).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : "    ";
    const value = spec.type === "string" ? ` <${spec.valueName ?? "value"}>` : "";
    return [`  ${short}--${name}${value}`, spec.description] as const;
  });
  const width = Math.max(0, ...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => left.padEnd(width) + right).join("\n");
}
