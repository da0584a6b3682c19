/**
 * The reader's scope travels with the rewrite: a subagent's rewritten run is judged against what
 * the subagent was shown, not its parent (the manual's case 8), while the parent's own re-run of
 * the same output still folds.
 */
import { afterEach, expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const LINES = Array.from(
  { length: 80 },
  (_, i) => `checking module_${i + 1}: ${["parser", "lexer", "codegen", "linker"][i % 4]} invariant ${i * 13} holds`,
).join("\n");

function preHook(command: string, extra: Record<string, unknown>): string {
  const payload = {
    session_id: "parent-1",
    cwd: sandbox.home,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    ...extra,
  };
  const reply = JSON.parse(
    runOmni(["--pre-hook"], { env: sandbox.env, stdin: JSON.stringify(payload), cwd: sandbox.home }).stdout.toString(),
  );
  return reply.hookSpecificOutput.updatedInput.command;
}

function bash(command: string): string {
  const child = Bun.spawnSync(["/bin/bash", "-c", command], { cwd: sandbox.home, env: sandbox.env, stdout: "pipe", stderr: "pipe" });
  return Buffer.from(child.stdout).toString();
}

test("a subagent's rewritten run of output its parent was shown is not told it was already shown", () => {
  sandbox = makeSandbox();
  writeFileSync(join(sandbox.home, "run-tests.sh"), `#!/bin/sh\ncat <<'EOF'\n${LINES}\nEOF\n`);
  chmodSync(join(sandbox.home, "run-tests.sh"), 0o755);
  // The parent ran it and read the whole output.
  const post = {
    session_id: "parent-1",
    cwd: sandbox.home,
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: "./run-tests.sh" },
    tool_response: { stdout: `${LINES}\n`, stderr: "", interrupted: false, isImage: false },
  };
  runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify(post), cwd: sandbox.home });

  const subagent = bash(preHook("./run-tests.sh", { agent_id: "agent-7", agent_type: "general-purpose" }));
  expect(subagent).not.toContain("already shown");
  expect(subagent).toContain("checking module_40: linker invariant 507 holds");
  const db = new Database(sandbox.dbPath, { readonly: true });
  const scopes = db.query("SELECT session_id FROM distillations WHERE entry = 'exec' ORDER BY id").all() as Array<{ session_id: string }>;
  db.close();
  expect(scopes.map((row) => row.session_id)).toEqual(["parent-1/agent-7"]);

  // The parent itself was shown it: its own rewritten re-run folds, so the check above can fail.
  const parent = bash(preHook("./run-tests.sh", {}));
  expect(parent).toMatch(/\[OMNI: (?:identical to the )?80 lines already shown, omni retrieve [0-9a-f]{16}\]/);
});
