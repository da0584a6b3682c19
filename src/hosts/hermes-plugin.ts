/**
 * The Hermes Agent plugin `omni init --hermes` writes: a directory under the Hermes home with a
 * `plugin.yaml` manifest and an `__init__.py` whose `register(ctx)` wires one hook. Hermes loads
 * a user plugin only once its directory name is in `plugins.enabled`.
 *
 * Hermes cannot replace a tool result through `post_tool_call` (its return value is ignored); the
 * hook that can is `transform_terminal_output`: the first string a callback returns replaces the
 * terminal tool's output before Hermes applies its own output limit and redaction. So this plugin
 * distils terminal output only; other tools' results (JSON from file and web tools) reach the
 * model as Hermes made them, which is what omni would do with a structured payload anyway.
 */
export const HERMES_PLUGIN_NAME = "omni-signal-engine";

const HEADER = "# omni: written by `omni init --hermes`; `omni init --hermes --uninstall` removes this file.";

export function hermesManifestSource(): string {
  return `${HEADER}
name: ${HERMES_PLUGIN_NAME}
version: "1.0"
description: Distils terminal output through omni before the model reads it; every removed line stays retrievable.
provides_hooks:
  - transform_terminal_output
`;
}

export function hermesPluginSource(exe: string): string {
  return `${HEADER}
"""omni-signal-engine: terminal output goes through omni before the model reads it.

Hermes calls transform_terminal_output with the command, its output and its exit code; the first
string a callback returns replaces the output. This hands the output to \`omni --post-hook\`, which
distils it (every failure line kept, removed lines archived behind a retrievable marker) and
returns omni's text. Hermes has no hook that replaces other tools' results in the same way, so
only the terminal tool is covered. Anything going wrong (omni missing, a timeout, an unreadable
reply, nothing worth shortening) returns None, and Hermes keeps its own output.
"""
import json
import os
import subprocess

OMNI = ${JSON.stringify(exe)}
TIMEOUT_SECONDS = 10


def _exit_code(returncode, exit_code):
    for code in (returncode, exit_code):
        if isinstance(code, int) and not isinstance(code, bool):
            return code
    return None


def distil_terminal_output(command="", output=None, returncode=None, exit_code=None, task_id="", session_id="", **_kwargs):
    if not isinstance(output, str) or not output.strip():
        return None
    payload = {
        "hook_event_name": "PostToolUse",
        "hermes_hook": "transform_terminal_output",
        "command": command if isinstance(command, str) else "",
        "output": output,
        "returncode": _exit_code(returncode, exit_code),
        "session_id": session_id or task_id or None,
        "cwd": os.getcwd(),
    }
    env = dict(os.environ)
    env.setdefault("OMNI_AGENT_ID", "hermes")
    try:
        # UTF-8 both ways whatever the locale: omni's reply carries the output's own characters.
        child = subprocess.run([OMNI, "--post-hook"], input=json.dumps(payload), capture_output=True, encoding="utf-8", timeout=TIMEOUT_SECONDS, env=env)
        if child.returncode != 0 or not child.stdout.strip():
            return None
        reply = json.loads(child.stdout)
        text = reply.get("output") if isinstance(reply, dict) else None
        return text if isinstance(text, str) else None
    except Exception:
        return None


def register(ctx):
    ctx.register_hook("transform_terminal_output", distil_terminal_output)
`;
}
