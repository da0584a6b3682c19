/**
 * One thing `omni init` writes into a host's configuration. A host lists its entries; the same
 * list drives install, uninstall, status and doctor, so there is no second description of a host.
 */
export type Part = "hook" | "mcp" | "setting";

interface EntryBase {
  part: Part;
  /** Absolute path of the host's configuration file. */
  file: string;
  /**
   * A file in the current directory's project (Cursor's rule), not the user's: doctor, run from
   * anywhere, does not count it missing.
   */
  project?: boolean;
}

/** A JSON/JSONC object member omni owns (an MCP server under `mcpServers.omni`, say). */
export interface JsonMemberEntry extends EntryBase {
  format: "json";
  path: string[];
  value: unknown;
  /** A value others may set too (Cursor's `version: 1`): added when absent, removed only if omni added it. */
  shared?: boolean;
}

/** An element omni adds to a JSON array of hook groups; `flag` names ours among the user's. */
export interface JsonElementEntry extends EntryBase {
  format: "json-element";
  path: string[];
  value: unknown;
  flag: string;
}

/** A YAML mapping member omni owns, edited through a comment-preserving document. */
export interface YamlMemberEntry extends EntryBase {
  format: "yaml";
  path: string[];
  value: unknown;
}

/** A string omni adds to a YAML list (Hermes' `plugins.enabled`); uninstall takes it out only if omni put it there. */
export interface YamlItemEntry extends EntryBase {
  format: "yaml-item";
  path: string[];
  item: string;
}

/**
 * A YAML setting omni writes only when the user has none (Hermes' `compression.enabled`): a value
 * of the user's own is never overridden, and uninstall takes it back only if omni wrote it.
 */
export interface YamlDefaultEntry extends EntryBase {
  format: "yaml-default";
  path: string[];
  value: unknown;
}

/** A TOML table omni owns, written as a delimited block appended to the file. */
export interface TomlTableEntry extends EntryBase {
  format: "toml";
  table: string[];
  value: Record<string, unknown>;
}

/** A whole file omni owns (a plugin or extension source). */
export interface OwnedFileEntry extends EntryBase {
  format: "file";
  content: string;
  /** The line that marks the file as omni's, when it cannot be the first (frontmatter must be). */
  marker?: string;
}

export type ConfigEntry =
  | JsonMemberEntry
  | JsonElementEntry
  | YamlMemberEntry
  | YamlItemEntry
  | YamlDefaultEntry
  | TomlTableEntry
  | OwnedFileEntry;

/** An entry whose value the user may hold without omni: it says nothing about omni being installed. */
export function isSharedEntry(entry: ConfigEntry): boolean {
  return entry.format === "yaml-item" || entry.format === "yaml-default" || (entry.format === "json" && entry.shared === true);
}

/** Every `command` string inside a value: the executables an entry points at. */
export function commandsIn(value: unknown): string[] {
  if (typeof value === "string") return [];
  if (Array.isArray(value)) return value.flatMap(commandsIn);
  if (typeof value !== "object" || value === null) return [];
  const record = value as Record<string, unknown>;
  const own =
    typeof record.command === "string"
      ? [record.command]
      : Array.isArray(record.command) && typeof record.command[0] === "string"
        ? [record.command[0]]
        : [];
  return [
    ...own,
    ...Object.entries(record)
      .filter(([key]) => key !== "command")
      .flatMap(([, inner]) => commandsIn(inner)),
  ];
}

/** Is this hook command one of ours for `flag`: `<…/omni> <flag>`, whatever the path? */
export function isOmniCommand(command: string, flag: string): boolean {
  const match = /^(?:"([^"]+)"|'([^']+)'|(\S+))\s+(.+)$/.exec(command.trim());
  if (!match) return false;
  const program = match[1] ?? match[2] ?? match[3]!;
  const name = program.slice(program.lastIndexOf("/") + 1).replace(/\.exe$/, "");
  return name === "omni" && match[4]!.trim() === flag;
}

/** The executable a command string runs (first word, quotes removed). */
export function programOf(command: string): string {
  const match = /^(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(command.trim());
  return match ? (match[1] ?? match[2] ?? match[3]!) : "";
}

/** Where in its file an entry lives, for status lines: `hooks.PreToolUse (--pre-hook)`, `[mcp_servers.omni]`. */
export function entryLocation(entry: ConfigEntry): string {
  switch (entry.format) {
    case "json-element":
      return `${entry.path.join(".")} (${entry.flag})`;
    case "yaml-item":
      return `${entry.path.join(".")} (${entry.item})`;
    case "toml":
      return `[${entry.table.join(".")}]`;
    case "file":
      return "the whole file";
    default:
      return entry.path.join(".");
  }
}
