/**
 * Install, uninstall and inspect a host's config entries. Idempotent (a second install changes
 * nothing), it backs up every file before changing it, and it records which files and
 * containers it created so uninstall takes away exactly what install added.
 */
import { join } from "node:path";
import {
  copyFile,
  ensureDir,
  missingParents,
  readTextFile,
  removeEmptyDir,
  removeFile,
  writeTextFileAtomic,
} from "../../platform/files.ts";
import { commandsIn, isOmniCommand, programOf, type ConfigEntry } from "./entry.ts";
import { appendYamlItem, jsonDriver, removeYamlItem, sameValue, yamlDriver, type FormatDriver } from "./formats.ts";
import { appendElement, type JsonPath } from "./json-text.ts";
import { hasTomlBlock, removeTomlBlock, setTomlBlock, tomlValueAt, validateToml } from "./toml-block.ts";

export interface ApplyOptions {
  /** omni's own directory: the manifest and the backups live there. */
  omniHome: string;
  nowMs: number;
}

export type FileAction = "created" | "updated" | "unchanged" | "removed" | "deleted" | "absent";

export interface FileChange {
  file: string;
  action: FileAction;
  backup: string | null;
}

export type EntryState = "absent" | "current" | "stale";

export interface EntryStatus {
  entry: ConfigEntry;
  state: EntryState;
  /** Executables the installed entry runs (empty when absent). */
  programs: string[];
  /** What the file holds there now (undefined when absent). */
  value: unknown;
}

interface FileRecord {
  createdFile: boolean;
  created: JsonPath[];
  /** Values omni put into the user's own containers (a list item, a default setting), for uninstall to take back. */
  added?: JsonPath[];
  /** Directories writing the file created (a plugin's own folder), removed with it once empty. */
  createdDirs?: string[];
}
type Manifest = Record<string, FileRecord>;

export function installEntries(entries: ConfigEntry[], options: ApplyOptions): FileChange[] {
  const manifest = readManifest(options.omniHome);
  const changes = groupByFile(entries).map(([file, group]) => {
    const before = readTextFile(file);
    const record: FileRecord = manifest[file] ?? {
      createdFile: before === null,
      created: [],
      ...(before === null ? { createdDirs: missingParents(file) } : {}),
    };
    let text = before ?? "";
    try {
      for (const entry of group) text = installOne(text, entry, record);
    } catch (error) {
      throw new Error(`${file} ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (before !== null && text === before) return { file, action: "unchanged" as const, backup: null };
    const backup = before === null ? null : backupFile(file, options);
    writeTextFileAtomic(file, text);
    manifest[file] = record;
    return { file, action: before === null ? ("created" as const) : ("updated" as const), backup };
  });
  writeManifest(options.omniHome, manifest);
  return changes;
}

export function uninstallEntries(entries: ConfigEntry[], options: ApplyOptions): FileChange[] {
  const manifest = readManifest(options.omniHome);
  const emptiedDirs: string[] = [];
  const changes = groupByFile(entries).map(([file, group]): FileChange => {
    const before = readTextFile(file);
    if (before === null) return { file, action: "absent", backup: null };
    const record = manifest[file] ?? { createdFile: false, created: [] };
    let text = before;
    for (const entry of group) text = uninstallOne(text, entry, record);
    const driver = driverFor(group[0]!);
    if (driver) text = pruneCreated(text, driver, record);
    delete manifest[file];
    if (text === before) return { file, action: "unchanged", backup: null };
    const backup = backupFile(file, options);
    // A file omni owns goes whole; a config omni created goes once nothing is left in it.
    const owned = group[0]!.format === "file" && text === "";
    if (owned || (record.createdFile && (text === "" || (driver !== null && driver.isEmpty(text))))) {
      removeFile(file);
      emptiedDirs.push(...(record.createdDirs ?? []));
      return { file, action: "deleted", backup };
    }
    writeTextFileAtomic(file, text);
    return { file, action: "removed", backup };
  });
  // Deepest first, after every file of the group is gone: two files may share a created folder.
  for (const dir of [...new Set(emptiedDirs)].sort((a, b) => b.length - a.length)) removeEmptyDir(dir);
  writeManifest(options.omniHome, manifest);
  return changes;
}

export function inspectEntry(entry: ConfigEntry): EntryStatus {
  const text = readTextFile(entry.file);
  if (text === null) return { entry, state: "absent", programs: [], value: undefined };
  try {
    const installed = installedValue(text, entry);
    if (installed === undefined) return { entry, state: "absent", programs: [], value: undefined };
    const expected = entry.format === "file" ? entry.content : entry.format === "yaml-item" ? entry.item : entry.value;
    const programs = typeof installed === "string" ? [] : commandsIn(installed).map(programOf);
    return { entry, state: sameValue(installed, expected) ? "current" : "stale", programs, value: installed };
  } catch {
    return { entry, state: "stale", programs: [], value: undefined };
  }
}

/**
 * Why an entry's file cannot be read in its format (the parser's first complaint), or null when
 * it parses, is absent, or is a file omni owns whole. Doctor reports it; install refuses it.
 */
export function entryFileError(entry: ConfigEntry): string | null {
  const text = readTextFile(entry.file);
  if (text === null || entry.format === "file") return null;
  try {
    if (entry.format === "toml") validateToml(text);
    else driverFor(entry)!.validate(text);
    return null;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
    return message.replace(/; fix or move it, then rerun omni init$/, "");
  }
}

/** The files omni's manifest says it wrote and has not taken back since (uninstall removes them). */
export function filesOmniWrote(omniHome: string): Set<string> {
  return new Set(Object.keys(readManifest(omniHome)));
}

function installedValue(text: string, entry: ConfigEntry): unknown {
  switch (entry.format) {
    case "file":
      return text;
    case "toml":
      return hasTomlBlock(text) ? tomlValueAt(text, entry.table) : undefined;
    case "json-element": {
      const ours = ourElements(text, entry);
      return ours.length === 0 ? undefined : ours.length === 1 ? ours[0]!.value : ours.map((element) => element.value);
    }
    case "yaml-item": {
      const list = yamlDriver.get(text, entry.path);
      return Array.isArray(list) && list.includes(entry.item) ? entry.item : undefined;
    }
    default:
      return driverFor(entry)!.get(text, entry.path);
  }
}

function installOne(text: string, entry: ConfigEntry, record: FileRecord): string {
  switch (entry.format) {
    case "file":
      return entry.content;
    case "toml":
      if (text !== "") validateToml(text);
      return setTomlBlock(text, entry.table, entry.value);
    case "json-element": {
      jsonDriver.validate(text);
      noteCreated(text, jsonDriver, entry.path, entry.path.length, record);
      const ours = ourElements(text, entry);
      if (ours.length === 0) return appendTo(text, entry.path, entry.value);
      // Update the first of ours in place, drop any duplicates an older version left.
      let next = text;
      for (const duplicate of ours.slice(1).reverse()) next = jsonDriver.remove(next, [...entry.path, duplicate.index]);
      return sameValue(ours[0]!.value, entry.value) ? next : jsonDriver.set(next, [...entry.path, ours[0]!.index], entry.value);
    }
    case "yaml-item": {
      yamlDriver.validate(text);
      const list = yamlDriver.get(text, entry.path);
      if (Array.isArray(list) && list.includes(entry.item)) return text;
      noteAdded([...entry.path, entry.item], record);
      if (list !== undefined) return appendYamlItem(text, entry.path, entry.item);
      noteCreated(text, yamlDriver, entry.path, entry.path.length, record);
      return yamlDriver.set(text, entry.path, [entry.item]);
    }
    case "yaml-default": {
      yamlDriver.validate(text);
      // Any value the user holds there, false included, is theirs: leave it.
      if (yamlDriver.has(text, entry.path)) return text;
      noteAdded(entry.path, record);
      noteCreated(text, yamlDriver, entry.path, entry.path.length - 1, record);
      return yamlDriver.set(text, entry.path, entry.value);
    }
    default: {
      const driver = driverFor(entry)!;
      driver.validate(text);
      if (entry.format === "json" && entry.shared) {
        if (driver.has(text, entry.path)) return text;
        noteCreated(text, driver, entry.path, entry.path.length, record);
        return driver.set(text, entry.path, entry.value);
      }
      noteCreated(text, driver, entry.path, entry.path.length - 1, record);
      return sameValue(driver.get(text, entry.path), entry.value) ? text : driver.set(text, entry.path, entry.value);
    }
  }
}

function uninstallOne(text: string, entry: ConfigEntry, record: FileRecord): string {
  const added = (path: JsonPath) => (record.added ?? []).some((known) => sameValue(known, path));
  switch (entry.format) {
    case "file":
      // Ours even after an edit: it still carries omni's marker (an older version's content, say).
      if (entry.marker !== undefined) return text === entry.content || text.split("\n", 8).includes(entry.marker) ? "" : text;
      return text === entry.content || text.startsWith(entry.content.split("\n")[0]!) ? "" : text;
    case "toml":
      return removeTomlBlock(text);
    case "json-element": {
      let next = text;
      for (const element of ourElements(text, entry).reverse()) next = jsonDriver.remove(next, [...entry.path, element.index]);
      return next;
    }
    case "yaml-item":
      return added([...entry.path, entry.item]) ? removeYamlItem(text, entry.path, entry.item) : text;
    case "yaml-default":
      // Only omni's own value goes: one the user has since changed is theirs now.
      return added(entry.path) && sameValue(yamlDriver.get(text, entry.path), entry.value) ? yamlDriver.remove(text, entry.path) : text;
    default:
      return entry.format === "json" && entry.shared ? text : driverFor(entry)!.remove(text, entry.path);
  }
}

function ourElements(text: string, entry: Extract<ConfigEntry, { format: "json-element" }>): Array<{ index: number; value: unknown }> {
  const array = jsonDriver.get(text, entry.path);
  if (!Array.isArray(array)) return [];
  return array.flatMap((value, index) =>
    commandsIn(value).some((command) => isOmniCommand(command, entry.flag)) ? [{ index, value }] : [],
  );
}

function appendTo(text: string, path: string[], value: unknown): string {
  return appendElement(text.trim() === "" ? "" : text, path, value);
}

/** Remember the containers along `path` (up to `depth` keys) that did not exist before us. */
function noteCreated(text: string, driver: FormatDriver, path: JsonPath, depth: number, record: FileRecord): void {
  for (let length = 1; length <= depth; length++) {
    const prefix = path.slice(0, length);
    if (!driver.has(text, prefix) && !record.created.some((known) => sameValue(known, prefix))) record.created.push(prefix);
  }
}

function noteAdded(path: JsonPath, record: FileRecord): void {
  if (!(record.added ?? []).some((known) => sameValue(known, path))) record.added = [...(record.added ?? []), path];
}

/**
 * Drop what install created, deepest first: containers once nothing else lives in them, shared
 * scalars once the file holds nothing else of ours or the user's.
 */
function pruneCreated(text: string, driver: FormatDriver, record: FileRecord): string {
  let next = text;
  const byDepth = [...record.created].sort((a, b) => b.length - a.length);
  for (const path of byDepth) {
    const value = driver.get(next, path);
    if (typeof value === "object" && value !== null && Object.keys(value).length === 0) next = driver.remove(next, path);
  }
  const root = driver.get(next, []);
  const scalars = byDepth.filter((path) => {
    const value = driver.get(next, path);
    return value !== undefined && (typeof value !== "object" || value === null);
  });
  if (typeof root === "object" && root !== null && Object.keys(root).length === scalars.length)
    for (const path of scalars) next = driver.remove(next, path);
  return next;
}

function driverFor(entry: ConfigEntry): FormatDriver | null {
  if (entry.format === "json" || entry.format === "json-element") return jsonDriver;
  if (entry.format === "yaml" || entry.format === "yaml-item" || entry.format === "yaml-default") return yamlDriver;
  return null;
}

function groupByFile(entries: ConfigEntry[]): Array<[string, ConfigEntry[]]> {
  const groups = new Map<string, ConfigEntry[]>();
  for (const entry of entries) groups.set(entry.file, [...(groups.get(entry.file) ?? []), entry]);
  return [...groups];
}

function backupFile(file: string, options: ApplyOptions): string {
  const stamp = new Date(options.nowMs).toISOString().replace(/[:.]/g, "-");
  const target = join(options.omniHome, "backups", stamp, file.replace(/^[A-Za-z]:/, "").replace(/[\\/]/g, "_"));
  copyFile(file, target);
  return target;
}

function manifestPath(omniHome: string): string {
  return join(omniHome, "integrations.json");
}

function readManifest(omniHome: string): Manifest {
  try {
    const parsed: unknown = JSON.parse(readTextFile(manifestPath(omniHome)) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Manifest) : {};
  } catch {
    return {};
  }
}

function writeManifest(omniHome: string, manifest: Manifest): void {
  ensureDir(omniHome);
  writeTextFileAtomic(manifestPath(omniHome), `${JSON.stringify(manifest, null, 2)}\n`, 0o600);
}
