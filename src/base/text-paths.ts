/**
 * File paths whose content is source code or prose, by extension. A Read of one of these is the
 * file the agent asked to see: its lines are code or text, never a CSV table or a base64 blob,
 * and never a tool's verdict (`throw new Error("parse failed")` in a source file is code, not a
 * failure being reported).
 */

const SOURCE_EXTENSIONS = [
  // C family, systems
  "c",
  "h",
  "cc",
  "cpp",
  "cxx",
  "hh",
  "hpp",
  "hxx",
  "m",
  "mm",
  "rs",
  "go",
  "zig",
  "swift",
  "d",
  // JVM and .NET
  "java",
  "kt",
  "kts",
  "scala",
  "groovy",
  "gradle",
  "clj",
  "cs",
  "fs",
  "vb",
  // JavaScript and TypeScript
  "js",
  "mjs",
  "cjs",
  "jsx",
  "ts",
  "mts",
  "cts",
  "tsx",
  "vue",
  "svelte",
  "astro",
  // scripting
  "py",
  "pyi",
  "rb",
  "php",
  "pl",
  "pm",
  "lua",
  "r",
  "jl",
  "ex",
  "exs",
  "erl",
  "hrl",
  "hs",
  "ml",
  "mli",
  "elm",
  "dart",
  "nim",
  "cr",
  // shells and build files
  "sh",
  "bash",
  "zsh",
  "fish",
  "ps1",
  "bat",
  "cmd",
  "mk",
  "cmake",
  "nix",
  "tf",
  "hcl",
  // markup, styles, queries
  "html",
  "htm",
  "xml",
  "svg",
  "css",
  "scss",
  "sass",
  "less",
  "sql",
  "graphql",
  "gql",
  "proto",
];

const TEXT_EXTENSIONS = ["md", "markdown", "mdx", "rst", "adoc", "txt", "tex", "org"];

const SOURCE = new Set(SOURCE_EXTENSIONS);
const TEXT = new Set([...SOURCE_EXTENSIONS, ...TEXT_EXTENSIONS]);
/** Extensionless files that are always source or prose. */
const NAMED = new Set(["makefile", "dockerfile", "readme", "license", "changelog", "gemfile", "rakefile", "jenkinsfile"]);

function extensionOf(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1).toLowerCase();
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1);
}

function baseName(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1).toLowerCase();
  const dot = name.indexOf(".");
  return dot <= 0 ? name : name.slice(0, dot);
}

/** Source code or prose: never CSV, TSV or base64. */
export function isTextPath(path: string): boolean {
  const ext = extensionOf(path);
  return ext === "" ? NAMED.has(baseName(path)) : TEXT.has(ext);
}

/** Source code: its lines state no tool's verdict (a `.log` or `.txt` may hold a run's output, so it is not). */
export function isSourcePath(path: string): boolean {
  const ext = extensionOf(path);
  return ext === "" ? ["makefile", "dockerfile", "gemfile", "rakefile", "jenkinsfile"].includes(baseName(path)) : SOURCE.has(ext);
}

/** A `file.ext:line[:col]` location in a tool's line (`tests/a.rs:19:5`, `src/app.py:12`): where to look. */
export const FILE_LINE = /[\w./-]+\.[A-Za-z]\w*:\d+(?::\d+)?\b/;
