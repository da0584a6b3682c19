import { afterEach, describe, expect, test } from "bun:test";
import { splitInclusive } from "../../src/core/lines.ts";
import { sessionPayloads } from "../helpers/corpus.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

// A real Read payload from a recorded session; windows of it are cut the way the host cuts them.
const READ = sessionPayloads("gen-commander-help-padwidth-long").find((p) => p.tool_name === "Read" && (p.tool_input as { file_path: string }).file_path.endsWith("lib/help.js"))!;
const HELP_JS = splitInclusive((READ.tool_response as { file: { content: string } }).file.content);

/** A Read of lines first..last (1-based, inclusive), shaped as Claude Code sends it. */
function readWindow(first: number, last: number, sessionId = "s1"): Record<string, unknown> {
  const file = (READ.tool_response as { file: Record<string, unknown> }).file;
  const content = HELP_JS.slice(first - 1, last).join("");
  return {
    ...READ,
    session_id: sessionId,
    tool_input: { file_path: file.filePath, offset: first, limit: last - first + 1 },
    tool_response: { type: "text", file: { ...file, content, startLine: first, numLines: last - first + 1 } },
  };
}

function postHook(payload: Record<string, unknown>): { content: string; startLine: number } | null {
  const out = runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify(payload) }).stdout.toString().trim();
  if (out === "") return null;
  const file = (JSON.parse(out) as { hookSpecificOutput: { updatedToolOutput: { file: { content: string; startLine: number } } } }).hookSpecificOutput.updatedToolOutput.file;
  return { content: file.content, startLine: file.startLine };
}

/** Each visible (non-marker) line must sit at its true line number in the file. */
function misnumbered(reply: { content: string; startLine: number }): string[] {
  return splitInclusive(reply.content).flatMap((line, i) => (line.startsWith("[OMNI:") || HELP_JS[reply.startLine + i - 1] === line ? [] : [`${reply.startLine + i}: ${line}`]));
}

describe("Read windows through the built hook", () => {
  test("folds the head a window repeats and moves startLine so every visible line keeps its number", () => {
    sandbox = makeSandbox();
    expect(postHook(readWindow(1, 90))).toBeNull();
    const reply = postHook(readWindow(41, 100))!;
    expect(reply.content).toMatch(/^\[OMNI: 50 lines already shown, omni retrieve [0-9a-f]{16}\]\n/);
    expect(reply.startLine).toBe(90);
    expect(misnumbered(reply)).toEqual([]);
  });

  test("makes no fold that would leave a gap in the middle of a window", () => {
    sandbox = makeSandbox();
    postHook(readWindow(1, 30));
    postHook(readWindow(61, 90));
    const reply = postHook(readWindow(1, 100))!;
    // The head folds; lines 61..90 sit between new lines and stay, numbered where they are.
    expect(reply.content.match(/\[OMNI:/g)!.length).toBe(1);
    expect(reply.content).toContain(HELP_JS.slice(30, 100).join(""));
    expect(misnumbered(reply)).toEqual([]);
  });
});

describe("reader scopes through the built hook", () => {
  test("tells a subagent its parent's lines were not shown here, never already shown", () => {
    sandbox = makeSandbox();
    postHook(readWindow(1, 90));
    const reply = postHook({ ...readWindow(1, 90), agent_id: "a46643ba5dee23549" })!;
    expect(reply.content).toMatch(/^\[OMNI: identical to 90 lines from an earlier session, none shown here, omni retrieve [0-9a-f]{16}\]\n$/);
  });
});

describe("compaction through the built PreCompact hook", () => {
  test("forgets what the session and its subagents were shown; the project scope still folds, worded as not shown", () => {
    sandbox = makeSandbox();
    const whole = readWindow(1, 90);
    const sub = { ...readWindow(91, 180), agent_id: "a46643ba5dee23549" };
    postHook(whole);
    postHook(sub);
    expect(postHook(whole)!.content).toContain("already shown");
    expect(postHook(sub)!.content).toContain("already shown");
    const compact = runOmni(["--pre-compact"], { env: sandbox.env, stdin: JSON.stringify({ session_id: "s1", hook_event_name: "PreCompact", trigger: "auto", cwd: whole.cwd }) });
    expect(compact.exitCode).toBe(0);
    expect(compact.stdout.length).toBe(0);
    for (const payload of [whole, sub]) {
      const reply = postHook(payload)!;
      expect(reply.content).not.toContain("already shown");
      expect(reply.content).toContain("none shown here");
    }
  });

  test("fails open on a payload it cannot read", () => {
    sandbox = makeSandbox();
    const result = runOmni(["--pre-compact"], { env: sandbox.env, stdin: "{not json" });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length + result.stderr.length).toBe(0);
  });
});

describe("exec and pipe get the same ledger", () => {
  test("omni exec --session folds a repeat of its own earlier output", () => {
    sandbox = makeSandbox();
    const first = runOmni(["exec", "--session", "s1", "seq", "1", "300"], { env: sandbox.env });
    expect(first.stdout.toString().split("\n").length).toBe(301);
    const second = runOmni(["exec", "--session", "s1", "seq", "1", "300"], { env: sandbox.env });
    expect(second.stdout.toString()).toMatch(/^\[OMNI: identical to the 300 lines already shown, omni retrieve [0-9a-f]{16}\]\n$/);
    const other = runOmni(["exec", "seq", "1", "300"], { env: sandbox.env });
    expect(other.stdout.equals(first.stdout)).toBe(true);
  });

  test("pipe mode --session folds what exec already delivered to that session", () => {
    sandbox = makeSandbox();
    const shown = runOmni(["exec", "--session", "s1", "seq", "1", "300"], { env: sandbox.env }).stdout;
    const piped = runOmni(["--session", "s1", "--cmd", "seq 1 300"], { env: sandbox.env, stdin: shown });
    expect(piped.stdout.toString()).toContain("300 lines already shown");
  });
});
