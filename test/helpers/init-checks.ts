/** Checks shared by the `omni init` tests. */
import { expect } from "bun:test";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { OMNI_EXE } from "./sandbox.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed host configs are walked by key, checked by value
export type Parsed = Record<string, any>;

/** An MCP server entry that starts omni's stdio server under the host's agent id. */
export function stdioServer(server: Parsed, agentId: string): void {
  expect(server.command).toBe(OMNI_EXE);
  expect(server.args).toEqual(["--mcp"]);
  expect(server.env).toEqual({ OMNI_AGENT_ID: agentId });
}

/** The formats host configs are written in. */
export type ConfigFormat = "json" | "jsonc" | "toml" | "yaml" | "ts" | "py" | "mdc";

/** A written config parsed the way its host reads it (a script stays text). */
export function parseAs(format: ConfigFormat, text: string): Parsed | string {
  switch (format) {
    case "json":
      return JSON.parse(text);
    case "jsonc":
      return parseJsonc(text, [], { allowTrailingComma: true });
    case "toml":
      return parseToml(text);
    case "yaml":
      return parseYaml(text);
    case "mdc": {
      // Cursor's rule file: YAML frontmatter first, then the Markdown the agent reads.
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error("the rule does not start with frontmatter");
      return { frontmatter: parseYaml(match[1]!), body: match[2]! };
    }
    default:
      return text;
  }
}
