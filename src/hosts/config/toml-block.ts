/**
 * TOML tables omni owns, written as one delimited block at the end of the file. TOML has no
 * comment-preserving editor worth trusting, and an appended table is valid TOML that leaves
 * every byte of the user's file where it was; removing the block restores it exactly.
 */
import { parse, stringify } from "smol-toml";

const BEGIN = "# >>> omni (written by `omni init`; `omni init --uninstall` removes this block)";
/** Marks a block that also added the newline the file lacked, so removal takes it back. */
const BEGIN_JOINED = `${BEGIN} +newline`;
const END = "# <<< omni";

export function validateToml(text: string): void {
  parse(text);
}

export function tomlValueAt(text: string, table: string[]): unknown {
  let node: unknown = parse(text);
  for (const key of table) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

/** The file with omni's block set to `table = value` (replacing an earlier block). */
export function setTomlBlock(text: string, table: string[], value: Record<string, unknown>): string {
  const base = removeTomlBlock(text);
  if (tomlValueAt(base, table) !== undefined)
    throw new Error(`already defines [${table.join(".")}] outside omni's block; remove it or leave it as it is`);
  const body = stringify(nestTable(table, value)).trimEnd();
  const joined = base !== "" && !base.endsWith("\n");
  const lead = base === "" ? "" : joined ? "\n\n" : "\n";
  return `${base}${lead}${joined ? BEGIN_JOINED : BEGIN}\n${body}\n${END}\n`;
}

export function removeTomlBlock(text: string): string {
  const start = text.indexOf(BEGIN);
  if (start === -1) return text;
  const endAt = text.indexOf(`${END}\n`, start);
  const end = endAt === -1 ? text.length : endAt + END.length + 1;
  const joined = text.startsWith(BEGIN_JOINED, start);
  const before = text.slice(0, start);
  // Take back the separator the block added: one blank line, or two newlines when it joined.
  const trimmed = before === "" ? "" : joined ? before.slice(0, -2) : before.slice(0, -1);
  return trimmed + text.slice(end);
}

export function hasTomlBlock(text: string): boolean {
  return text.includes(BEGIN);
}

function nestTable(table: string[], value: Record<string, unknown>): Record<string, unknown> {
  return table.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), value);
}
