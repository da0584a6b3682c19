/**
 * Edits JSON (and JSONC: comments, trailing commas) as text, so every byte outside the member we
 * add or remove stays as the user wrote it. jsonc-parser locates nodes; the edits are ours,
 * because its own formatter reflows neighbouring elements.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";

export type JsonPath = Array<string | number>;

export function parseJsonText(text: string): { root: Node | undefined; ok: boolean; error: string | null } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  const error = first
    ? `${printParseErrorCode(first.error)} at ${lineColumn(text, first.offset)}`
    : root !== undefined && root.type !== "object"
      ? "not an object at the top"
      : null;
  return { root, ok: error === null, error };
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

export function valueAt(text: string, path: JsonPath): unknown {
  const { root } = parseJsonText(text);
  const node = root ? findNodeAtLocation(root, path) : undefined;
  return node ? getNodeValue(node) : undefined;
}

export function hasPath(text: string, path: JsonPath): boolean {
  const { root } = parseJsonText(text);
  return root !== undefined && findNodeAtLocation(root, path) !== undefined;
}

/** Set an object member (creating missing parent objects), replacing its value if present. */
export function setMember(text: string, path: JsonPath, value: unknown): string {
  const { root } = parseJsonText(text);
  if (!root) return `${JSON.stringify(nest(path, value), null, indentUnit(text))}${eol(text)}`;
  const existing = findNodeAtLocation(root, path);
  if (existing) return replaceNode(text, existing, value);
  let depth = path.length - 1;
  let parent = findNodeAtLocation(root, path.slice(0, depth));
  while (!parent && depth > 0) parent = findNodeAtLocation(root, path.slice(0, --depth));
  if (!parent || parent.type !== "object")
    throw new Error(`cannot add ${path.join(".")}: ${path.slice(0, depth).join(".") || "root"} is not an object`);
  return insertChild(text, parent, `${JSON.stringify(path[depth])}: `, nest(path.slice(depth + 1), value));
}

/** Append an element to the array at `path`, creating the array (and parents) when absent. */
export function appendElement(text: string, path: JsonPath, value: unknown): string {
  const { root } = parseJsonText(text);
  const array = root ? findNodeAtLocation(root, path) : undefined;
  if (!array) return setMember(text, path, [value]);
  if (array.type !== "array") throw new Error(`cannot add to ${path.join(".")}: not an array`);
  return insertChild(text, array, "", value);
}

/** Remove the member or element at `path`; the only child of a container leaves it empty (`{}`). */
export function removeAt(text: string, path: JsonPath): string {
  const { root } = parseJsonText(text);
  const valueNode = root ? findNodeAtLocation(root, path) : undefined;
  if (!valueNode) return text;
  const node = valueNode.parent?.type === "property" ? valueNode.parent : valueNode;
  const container = node.parent!;
  const siblings = container.children ?? [];
  const index = siblings.indexOf(node);
  if (siblings.length === 1) return text.slice(0, container.offset + 1) + text.slice(container.offset + container.length - 1);
  // The exact inverse of insertChild: from the end of the previous sibling to the end of this one.
  if (index > 0) return text.slice(0, siblings[index - 1]!.offset + siblings[index - 1]!.length) + text.slice(node.offset + node.length);
  return text.slice(0, node.offset) + text.slice(siblings[1]!.offset);
}

export function isEmptyContainer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

function insertChild(text: string, container: Node, keyPrefix: string, value: unknown): string {
  const children = container.children ?? [];
  const newline = eol(text);
  const unit = indentUnit(text);
  if (children.length === 0) {
    const outer = lineIndent(text, container.offset);
    const inner = outer + unit;
    const body = `${newline}${inner}${keyPrefix}${formatValue(value, unit, inner, newline)}${newline}${outer}`;
    return text.slice(0, container.offset + 1) + body + text.slice(container.offset + container.length - 1);
  }
  const last = children.at(-1)!;
  const sameLine = !text.slice(container.offset, children[0]!.offset).includes("\n");
  const indent = lineIndent(text, last.offset);
  const separator = sameLine ? " " : `${newline}${indent}`;
  const at = last.offset + last.length;
  return `${text.slice(0, at)},${separator}${keyPrefix}${sameLine ? JSON.stringify(value) : formatValue(value, unit, indent, newline)}${text.slice(at)}`;
}

function replaceNode(text: string, node: Node, value: unknown): string {
  const indent = lineIndent(text, node.parent?.type === "property" ? node.parent.offset : node.offset);
  return text.slice(0, node.offset) + formatValue(value, indentUnit(text), indent, eol(text)) + text.slice(node.offset + node.length);
}

function formatValue(value: unknown, unit: string, indent: string, newline: string): string {
  return JSON.stringify(value, null, unit).split("\n").join(`${newline}${indent}`);
}

function nest(path: Array<string | number>, value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

/** Leading whitespace of the line that holds `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

function indentUnit(text: string): string {
  const match = /\n([ \t]+)\S/.exec(text);
  if (!match) return "  ";
  return match[1]!.startsWith("\t") ? "\t" : " ".repeat(Math.min(match[1]!.length, 8));
}

function eol(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}
