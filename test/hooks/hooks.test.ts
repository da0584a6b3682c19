/**
 * Every hook entry point, through the built executable with host-shaped payloads: the reply
 * shapes each host validates, the dispatcher's spellings, and failing open.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { OMNI_EXE, makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are walked by key, checked by value
type Reply = Record<string, any>;

function hook(flag: string, payload: unknown, env: Record<string, string> = {}): { reply: Reply | null; exitCode: number } {
  const result = runOmni([flag], {
    env: { ...sandbox.env, ...env },
    stdin: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  const text = result.stdout.toString().trim();
  return { reply: text === "" ? null : JSON.parse(text), exitCode: result.exitCode };
}

const base = (extra: Record<string, unknown>) => ({ session_id: "sess-1", transcript_path: "/tmp/t.jsonl", cwd: sandbox.home, ...extra });
const noisy = (lines: number, tail = "Finished release target(s) in 3.2s") =>
  `${Array.from({ length: lines }, (_, i) => `Compiling crate-${i + 1} v1.0.${i + 1}`).join("\n")}\n${tail}`;

describe("--pre-hook", () => {
  test("rewrites a test run into omni exec, carrying every other input field, and leaves the permission to the host when no rule of the user's names it", () => {
    sandbox = makeSandbox();
    const { reply } = hook(
      "--pre-hook",
      base({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "cargo test --all", description: "tests", timeout: 60000 },
      }),
    );
    expect(reply).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        updatedInput: {
          command: `${OMNI_EXE} exec --hooked --agent claude_code --session sess-1 --host-timeout 60000 -- cargo test --all`,
          description: "tests",
          timeout: 60000,
        },
      },
    });
  });

  test("answers allow only where the user's own allow rule names the command", () => {
    sandbox = makeSandbox();
    mkdirSync(join(sandbox.home, ".claude"), { recursive: true });
    writeFileSync(join(sandbox.home, ".claude", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(cargo test:*)"] } }));
    const allowed = hook(
      "--pre-hook",
      base({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "cargo test --all" } }),
    ).reply!;
    expect(allowed.hookSpecificOutput.permissionDecision).toBe("allow");
    const other = hook("--pre-hook", base({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "cargo build" } }))
      .reply!;
    expect(other.hookSpecificOutput.permissionDecision).toBeUndefined();
  });

  test("leaves a command alone when the user's deny or ask rule names it, or their settings cannot be read", () => {
    sandbox = makeSandbox();
    mkdirSync(join(sandbox.home, ".claude"), { recursive: true });
    const settings = join(sandbox.home, ".claude", "settings.json");
    writeFileSync(settings, JSON.stringify({ permissions: { deny: ["Bash(git push:*)"], ask: ["Bash(npm publish:*)"] } }));
    const call = (command: string) =>
      hook("--pre-hook", base({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } })).reply;
    expect(call("git push origin main")).toBeNull();
    expect(call("npm publish --dry-run")).toBeNull();
    expect(call("npm test")).not.toBeNull();
    writeFileSync(settings, "{ not json");
    expect(call("npm test")).toBeNull();
  });

  test("rewrites a command that changes things without granting it permission: the host still asks", () => {
    sandbox = makeSandbox();
    const { reply } = hook(
      "--pre-hook",
      base({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git push origin main" } }),
    );
    expect(reply!.hookSpecificOutput.updatedInput.command).toEndWith(" -- git push origin main");
    expect(reply!.hookSpecificOutput.permissionDecision).toBeUndefined();
  });

  test("carries a subagent's id, so its run is judged against what it was shown, not its parent", () => {
    sandbox = makeSandbox();
    const { reply } = hook(
      "--pre-hook",
      base({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        agent_id: "a1b2",
        agent_type: "Explore",
        tool_input: { command: "npm test" },
      }),
    );
    expect(reply!.hookSpecificOutput.updatedInput.command).toBe(
      `${OMNI_EXE} exec --hooked --agent claude_code --session sess-1 --subagent a1b2 --host-timeout 120000 -- npm test`,
    );
  });

  test("never rewrites in plan mode, where the host runs nothing", () => {
    sandbox = makeSandbox();
    expect(
      hook(
        "--pre-hook",
        base({ hook_event_name: "PreToolUse", permission_mode: "plan", tool_name: "Bash", tool_input: { command: "cargo test" } }),
      ).reply,
    ).toBeNull();
  });

  test("prints nothing for a command the gateway leaves alone", () => {
    sandbox = makeSandbox();
    for (const command of [
      "git log | head -5",
      "ls",
      "cargo test > out.txt",
      "npm run dev",
      "sudo make install",
      'git status "$(touch X)"',
    ]) {
      expect(hook("--pre-hook", base({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } })).reply).toBeNull();
    }
  });

  test("answers Gemini's BeforeTool in Gemini's shape and Codex's turn payload as codex_cli", () => {
    sandbox = makeSandbox();
    const gemini = hook(
      "--pre-hook",
      base({ hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "npm test", dir_path: "." } }),
    ).reply!;
    expect(gemini.hookSpecificOutput.tool_input).toEqual({
      command: `${OMNI_EXE} exec --hooked --agent gemini_cli --session sess-1 -- npm test`,
      dir_path: ".",
    });
    expect(gemini.decision).toBeUndefined();
    // Codex fails a rewrite without a decision: it gets one only where "allow" is proven harmless.
    const codex = hook(
      "--pre-hook",
      base({ hook_event_name: "PreToolUse", turn_id: "t1", tool_name: "Bash", tool_input: { command: "git status" } }),
    ).reply!;
    expect(codex.hookSpecificOutput.updatedInput.command).toContain("exec --hooked --agent codex_cli ");
    expect(codex.hookSpecificOutput.permissionDecision).toBe("allow");
    expect(
      hook("--pre-hook", base({ hook_event_name: "PreToolUse", turn_id: "t1", tool_name: "Bash", tool_input: { command: "make all" } }))
        .reply,
    ).toBeNull();
  });

  test("warns, without granting permission, before a command changes a file named three times already", () => {
    sandbox = makeSandbox();
    const call = (command: string) =>
      hook("--pre-hook", base({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } })).reply;
    for (let i = 0; i < 3; i++) expect(call("cat src/app.ts")).toBeNull();
    const reply = call("rm src/app.ts")!;
    expect(reply.hookSpecificOutput.additionalContext).toContain("OMNI Guard: src/app.ts is a hot file");
    expect(reply.hookSpecificOutput.permissionDecision).toBeUndefined();
  });
});

describe("--hook dispatcher", () => {
  test("records a failure, and the next session of the project is told about it", () => {
    sandbox = makeSandbox();
    const failure = hook(
      "--hook",
      base({
        hook_event_name: "PostToolUseFailure",
        tool_name: "Bash",
        tool_input: { command: "npm test" },
        error: "Exit code 1\n> jest\nFAIL src/a.test.ts\n  ✕ renders (3 ms)",
      }),
    );
    expect(failure.reply).toBeNull();
    const start = hook("--session-start", { session_id: "sess-2", cwd: sandbox.home, hook_event_name: "SessionStart", source: "startup" })
      .reply!;
    expect(start.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(start.hookSpecificOutput.additionalContext).toContain("Last active error: npm test: FAIL src/a.test.ts");
  });

  test("keeps the sentence of a tool error in no failure shape (an MCP tool's), fix included, for the next session", () => {
    sandbox = makeSandbox();
    const sentence = "Bad credentials: the token has expired; run gh auth refresh and retry.";
    hook(
      "--hook",
      base({ hook_event_name: "PostToolUseFailure", tool_name: "mcp__github__create_issue", tool_input: {}, error: sentence }),
    );
    const start = hook("--session-start", { session_id: "sess-2", cwd: sandbox.home, hook_event_name: "SessionStart", source: "startup" })
      .reply!;
    expect(start.hookSpecificOutput.additionalContext).toContain(`Last active error: mcp__github__create_issue: ${sentence}`);
  });

  test("records a rewritten run's failure under the command as typed, not omni's rewrite of it", () => {
    sandbox = makeSandbox();
    const command = `${OMNI_EXE} exec --hooked --agent claude_code --session sess-1 -- npm test`;
    hook(
      "--hook",
      base({ hook_event_name: "PostToolUseFailure", tool_name: "Bash", tool_input: { command }, error: "Exit code 1\nFAIL src/a.test.ts" }),
    );
    const start = hook("--session-start", { session_id: "sess-2", cwd: sandbox.home, hook_event_name: "SessionStart", source: "startup" })
      .reply!;
    expect(start.hookSpecificOutput.additionalContext).toContain("Last active error: npm test: FAIL src/a.test.ts");
  });

  test("reads host spellings: Cursor's stop ends the session, postToolUse is a post-tool event", () => {
    sandbox = makeSandbox();
    const post = hook(
      "--hook",
      base({
        hook_event_name: "postToolUse",
        tool_name: "Bash",
        tool_input: { command: "cargo build" },
        tool_response: { stdout: noisy(300), stderr: "", interrupted: false, isImage: false },
      }),
    ).reply!;
    expect(post.hookSpecificOutput.updatedToolOutput.stdout).toContain("omni retrieve ");
    expect(hook("--hook", base({ hook_event_name: "stop" })).reply).toBeNull();
    const db = new Database(sandbox.dbPath, { readonly: true });
    const summary = db.query("SELECT total_commands, exit_reason FROM session_summaries WHERE session_id = 'sess-1'").get() as {
      total_commands: number;
    } | null;
    db.close();
    expect(summary?.total_commands).toBe(1);
  });

  test("injects the project's pinned files at session start and stays silent when there is nothing to say", () => {
    sandbox = makeSandbox();
    expect(hook("--session-start", { session_id: "s", cwd: sandbox.home, hook_event_name: "SessionStart" }).reply).toBeNull();
    writeFileSync(join(sandbox.home, "AGENTS.md"), "# rules\n");
    const reply = hook("--session-start", { session_id: "s", cwd: sandbox.home, hook_event_name: "SubagentStart" }).reply!;
    expect(reply.hookSpecificOutput).toEqual({
      hookEventName: "SubagentStart",
      additionalContext: "[omni] project context\n- Pinned files: AGENTS.md",
    });
  });

  test("fails open: garbage, an unknown event and an unopenable database all print nothing and exit 0", () => {
    sandbox = makeSandbox();
    expect(hook("--hook", "not json")).toEqual({ reply: null, exitCode: 0 });
    expect(hook("--hook", base({ hook_event_name: "Notification" }))).toEqual({ reply: null, exitCode: 0 });
    const broken = hook(
      "--hook",
      base({
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_input: { command: "cargo build" },
        tool_response: { stdout: noisy(300), stderr: "" },
      }),
      { OMNI_DB_PATH: "/proc/omni-nowhere/omni.db" },
    );
    expect(broken).toEqual({ reply: null, exitCode: 0 });
  });
});

describe("output over Claude Code's 30,000-character cap", () => {
  function overCap(full: string, path: string) {
    return base({
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "cargo build" },
      tool_response: {
        stdout: full.slice(0, 30_000),
        stderr: "",
        interrupted: false,
        isImage: false,
        noOutputExpected: false,
        persistedOutputPath: path,
        persistedOutputSize: full.length,
      },
    });
  }

  test("distills the whole persisted file and drops the persisted-output keys", () => {
    sandbox = makeSandbox();
    const full = noisy(1500);
    const path = join(sandbox.home, "tool-result.txt");
    writeFileSync(path, full);
    const output = hook("--post-hook", overCap(full, path)).reply!.hookSpecificOutput.updatedToolOutput;
    expect(Object.keys(output).sort()).toEqual(["interrupted", "isImage", "noOutputExpected", "stderr", "stdout"]);
    expect(output.stdout).toContain("Finished release target(s) in 3.2s");
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(output.stdout)![1]!;
    expect(runOmni(["retrieve", handle], { env: sandbox.env }).stdout.toString()).toBe(full);
  });

  test("declines when the persisted file cannot be read", () => {
    sandbox = makeSandbox();
    expect(hook("--post-hook", overCap(noisy(1500), join(sandbox.home, "missing.txt"))).reply).toBeNull();
  });

  test("declines when the distilled result is not clearly smaller than the host's preview note", () => {
    sandbox = makeSandbox();
    const errors = Array.from({ length: 60 }, (_, i) => `error: crate-${i} failed to build because dependency number ${i} is missing`).join(
      "\n",
    );
    const full = `${noisy(1500)}\n${errors}`;
    const path = join(sandbox.home, "tool-result.txt");
    writeFileSync(path, full);
    expect(hook("--post-hook", overCap(full, path)).reply).toBeNull();
  });
});

describe("post-tool additionalContext", () => {
  test("warns of context pressure beside the distilled output, then keeps quiet through the cooldown", () => {
    sandbox = makeSandbox();
    const env = { OMNI_CONTEXT_WINDOW: "50" };
    const payload = base({
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "cargo build" },
      tool_response: { stdout: noisy(400), stderr: "", interrupted: false, isImage: false },
    });
    const first = hook("--post-hook", payload, env).reply!;
    expect(first.hookSpecificOutput.updatedToolOutput.stdout).toContain("Finished release target(s) in 3.2s");
    expect(first.hookSpecificOutput.additionalContext).toMatch(/^\[omni\] context ~\d+% full/);
    const second = hook("--post-hook", payload, env).reply!;
    expect(second.hookSpecificOutput.additionalContext).toBeUndefined();
  });
});
