/**
 * The project rule `omni init --cursor` writes. Cursor cannot rewrite its own terminal tool's
 * output, so omni's `omni_run` MCP tool is the only way distilled output reaches its agent, and
 * the agent has to be told to use it. Cursor reads rule files only per project
 * (`.cursor/rules/*.mdc`, frontmatter first); user rules live in its settings, not in a file.
 * `alwaysApply: true` puts the rule in every agent request of the project.
 */
export const CURSOR_RULE_MARKER = "<!-- omni: written by `omni init --cursor`; `omni init --cursor --uninstall` removes this file. -->";

export function cursorRuleSource(): string {
  return `---
description: Run noisy shell commands through omni's omni_run tool
alwaysApply: true
---
${CURSOR_RULE_MARKER}
# Noisy commands go through omni

For commands whose output is long and repetitive (test suites, builds, package installs,
linters), call the \`omni_run\` tool of the \`omni\` MCP server instead of the terminal: it runs
the command and returns its output distilled, every failure line, count and summary kept.

- Read the \`[OMNI: …]\` markers in its output: each says what was left out and how much.
- To see what a marker left out, call \`omni_retrieve\` with its 16-hex handle; it returns those
  lines byte for byte.
- Short commands and interactive ones still go through the terminal.
`;
}
