/**
 * Codex runs a non-managed hook only once someone trusted it, and skips it silently otherwise.
 * Measured on 0.171.0 (`codex app-server` hooks/list against config.toml): the trust record is a
 * table in config.toml, `[hooks.state."<hooks.json path>:<event in snake_case>:<group>:<handler>"]`
 * holding `trusted_hash = "sha256:<hex>"` (and `enabled = false` when the user switched it off in
 * /hooks). With no table the hook is "untrusted"; with a hash of an older definition, "modified";
 * both are skipped. The hash is Codex's own digest of the hook's definition and omni does not
 * recompute it, so a record that exists is taken as trusted: a hook init rewrote since (a new
 * omni path) needs approving again, which the host note says.
 */
import { readTextFile } from "../platform/files.ts";
import { commandsIn, isOmniCommand, type ConfigEntry } from "./config/entry.ts";
import { valueAt } from "./config/json-text.ts";
import { tomlValueAt } from "./config/toml-block.ts";
import { isRecord } from "./types.ts";

export function codexTrustProblems(entries: ConfigEntry[], configToml: string): string[] {
  const keys = entries.flatMap((entry) => (entry.format === "json-element" ? trustKey(entry.file, entry.path, entry.flag) : []));
  if (keys.length === 0) return [];
  const state = trustState(configToml);
  const untrusted = keys.filter(({ key }) => !(isRecord(state[key]) && typeof state[key].trusted_hash === "string"));
  const disabled = keys.filter(({ key }) => isRecord(state[key]) && state[key].enabled === false);
  const problems: string[] = [];
  if (untrusted.length > 0) {
    problems.push(
      `Codex has no trust record for omni's ${untrusted.map((hook) => hook.event).join(", ")} hook(s) in ${configToml}, so it skips them: start codex once and approve them under “Hooks need review” (/hooks)`,
    );
  }
  if (disabled.length > 0)
    problems.push(
      `omni's ${disabled.map((hook) => hook.event).join(", ")} hook(s) are switched off in Codex: enable them again under /hooks`,
    );
  return problems;
}

/** Codex's key for omni's handler in hooks.json, or nothing when it is not there. */
function trustKey(hooksJson: string, path: string[], flag: string): Array<{ key: string; event: string }> {
  const text = readTextFile(hooksJson);
  const groups = text === null ? undefined : valueAt(text, path);
  if (!Array.isArray(groups)) return [];
  const event = path.at(-1)!;
  for (const [group, value] of groups.entries()) {
    const handlers: unknown[] = isRecord(value) && Array.isArray(value.hooks) ? value.hooks : [];
    const handler = handlers.findIndex((hook) => commandsIn(hook).some((command) => isOmniCommand(command, flag)));
    if (handler !== -1) return [{ key: `${hooksJson}:${snakeCase(event)}:${group}:${handler}`, event }];
  }
  return [];
}

function trustState(configToml: string): Record<string, unknown> {
  const text = readTextFile(configToml);
  if (text === null) return {};
  try {
    const state = tomlValueAt(text, ["hooks", "state"]);
    return isRecord(state) ? state : {};
  } catch {
    // An unparsable config.toml is reported by the MCP entry's check; here it holds no trust.
    return {};
  }
}

/** `PreToolUse` → `pre_tool_use`, the spelling Codex uses in its trust keys. */
function snakeCase(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}
