/**
 * One driver per configuration format, with the same five operations, so the install engine
 * does not care whether a host reads JSON or YAML. Both keep every untouched byte they can.
 */
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import { hasPath, isEmptyContainer, parseJsonText, removeAt, setMember, valueAt, type JsonPath } from "./json-text.ts";

export interface FormatDriver {
  /** Throws when the text is not this format, so a broken config is reported, never overwritten. */
  validate(text: string): void;
  has(text: string, path: JsonPath): boolean;
  get(text: string, path: JsonPath): unknown;
  set(text: string, path: JsonPath, value: unknown): string;
  remove(text: string, path: JsonPath): string;
  /** Nothing left but an empty top-level mapping. */
  isEmpty(text: string): boolean;
}

export const jsonDriver: FormatDriver = {
  validate(text) {
    const parsed = text.trim() === "" ? null : parseJsonText(text);
    if (parsed && !parsed.ok) throw new Error(`is not a JSON object (${parsed.error}); fix or move it, then rerun omni init`);
  },
  has: (text, path) => text.trim() !== "" && hasPath(text, path),
  get: (text, path) => (text.trim() === "" ? undefined : valueAt(text, path)),
  set: (text, path, value) => setMember(text.trim() === "" ? "" : text, path, value),
  remove: removeAt,
  isEmpty: (text) => text.trim() === "" || isEmptyContainer(valueAt(text, [])),
};

export const yamlDriver: FormatDriver = {
  validate(text) {
    const doc = parseDocument(text);
    if (doc.errors.length > 0) throw new Error(`is not valid YAML (${doc.errors[0]!.message}); fix or move it, then rerun omni init`);
    if (doc.contents !== null && !isMap(doc.contents)) throw new Error("is not a YAML mapping; fix or move it, then rerun omni init");
  },
  has: (text, path) => parseDocument(text).hasIn(path),
  get: (text, path) => {
    const node = parseDocument(text).getIn(path, true);
    return node && typeof node === "object" && "toJSON" in node ? (node as { toJSON(): unknown }).toJSON() : node;
  },
  set(text, path, value) {
    const doc = parseDocument(text);
    doc.setIn(path, doc.createNode(value));
    return render(doc);
  },
  remove(text, path) {
    const doc = parseDocument(text);
    if (!doc.hasIn(path)) return text;
    doc.deleteIn(path);
    return render(doc);
  },
  isEmpty(text) {
    const contents = parseDocument(text).contents;
    return contents === null || ((isMap(contents) || isSeq(contents)) && contents.items.length === 0);
  },
};

/** The YAML text with `item` appended to the list at `path`; throws when that is not a list. */
export function appendYamlItem(text: string, path: JsonPath, item: string): string {
  const doc = parseDocument(text);
  const list = doc.getIn(path, true);
  if (!isSeq(list)) throw new Error(`has ${path.join(".")} that is not a list; fix it, then rerun omni init`);
  list.add(doc.createNode(item));
  return render(doc);
}

/** The YAML text without the first `item` of the list at `path` (unchanged when there is none). */
export function removeYamlItem(text: string, path: JsonPath, item: string): string {
  const doc = parseDocument(text);
  const list = doc.getIn(path, true);
  if (!isSeq(list)) return text;
  const index = list.items.findIndex((node) => (isScalar(node) ? node.value : node) === item);
  if (index === -1) return text;
  list.delete(index);
  return render(doc);
}

/** `[a, b]`, not `[ a, b ]`: the spelling hand-written configs use, so untouched lines stay as they were. */
function render(doc: ReturnType<typeof parseDocument>): string {
  return doc.toString({ flowCollectionPadding: false });
}

/** Structural equality: key order and prototypes (jsonc-parser's are null) do not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}
