import { afterEach, describe, expect, test } from "bun:test";
import { splitInclusive } from "../../src/base/lines.ts";
import { sessionPayloads } from "../helpers/corpus.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

// A real Read payload from a recorded session; windows of it are cut the way the host cuts them.
const READ = sessionPayloads("gen-commander-help-padwidth-long").find(
  (p) => p.tool_name === "Read" && (p.tool_input as { file_path: string }).file_path.endsWith("lib/help.js"),
)!;
const HELP_JS = splitInclusive((READ.tool_response as { file: { content: string } }).file.content);

/** A Read of lines first..last (1-based, inclusive), shaped as Claude Code sends it: no newline after the last line. */
function readWindow(first: number, last: number, sessionId = "s1"): Record<string, unknown> {
  const file = (READ.tool_response as { file: Record<string, unknown> }).file;
  const content = HELP_JS.slice(first - 1, last)
    .join("")
    .replace(/\n$/, "");
  return {
    ...READ,
    session_id: sessionId,
    tool_input: { file_path: file.filePath, offset: first, limit: last - first + 1 },
    tool_response: { type: "text", file: { ...file, content, startLine: first, numLines: last - first + 1 } },
  };
}

interface ReadReply {
  content: string;
  startLine: number;
  numLines: number;
}

function postHook(payload: Record<string, unknown>): ReadReply | null {
  const out = runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify(payload) })
    .stdout.toString()
    .trim();
  if (out === "") return null;
  const file = (JSON.parse(out) as { hookSpecificOutput: { updatedToolOutput: { file: ReadReply } } }).hookSpecificOutput.updatedToolOutput
    .file;
  return { content: file.content, startLine: file.startLine, numLines: file.numLines };
}

/** Each visible (non-marker) line must sit at its true line number in the file. */
function misnumbered(reply: ReadReply): string[] {
  return splitInclusive(reply.content).flatMap((line, i) =>
    line.startsWith("[OMNI:") || stripEnd(HELP_JS[reply.startLine + i - 1]) === stripEnd(line) ? [] : [`${reply.startLine + i}: ${line}`],
  );
}

const stripEnd = (line: string | undefined) => line?.replace(/\n$/, "");

/** The host shows one numbered line per piece of the content: numLines must be that count, with no empty last piece. */
function shapeErrors(reply: ReadReply): string[] {
  const pieces = reply.content.split("\n");
  return [
    ...(pieces.length === reply.numLines ? [] : [`numLines ${reply.numLines} for ${pieces.length} pieces`]),
    ...(reply.content.endsWith("\n") ? ["ends in a newline the window did not have"] : []),
  ];
}

describe("Read windows through the built hook", () => {
  test("folds the head a window repeats and moves startLine so every visible line keeps its number", () => {
    sandbox = makeSandbox();
    expect(postHook(readWindow(1, 90))).toBeNull();
    const reply = postHook(readWindow(41, 100))!;
    expect(reply.content).toMatch(/^\[OMNI: 50 lines already shown, omni retrieve [0-9a-f]{16}\]\n/);
    expect(reply.startLine).toBe(90);
    // The marker and lines 91..100.
    expect(reply.numLines).toBe(11);
    expect(misnumbered(reply)).toEqual([]);
    expect(shapeErrors(reply)).toEqual([]);
  });

  test("gives every folded Read the host's own numLines and a true startLine: head, tail, both, and the whole window", () => {
    sandbox = makeSandbox();
    expect(postHook(readWindow(1, 120))).toBeNull();
    // Lines 60..120 were shown: the head folds, 121..180 are new.
    const head = postHook(readWindow(60, 180))!;
    // Lines 250..300 shown, then 200..300 read: the tail folds, and the reply ends on its marker.
    expect(postHook(readWindow(250, 300))).toBeNull();
    const tail = postHook(readWindow(200, 300))!;
    const whole = postHook(readWindow(1, 120))!;
    // The marker stands on line 120, the last line it folds, so line 121 keeps its number.
    expect([head.startLine, head.numLines]).toEqual([120, 61]);
    expect(tail.content).toMatch(/\n\[OMNI: \d+ lines already shown, omni retrieve [0-9a-f]{16}\]$/);
    expect(whole.content).toMatch(/^\[OMNI: identical to the 120 lines already shown, omni retrieve [0-9a-f]{16}\]$/);
    expect([whole.startLine, whole.numLines]).toEqual([1, 1]);
    for (const reply of [head, tail, whole]) {
      expect(misnumbered(reply)).toEqual([]);
      expect(shapeErrors(reply)).toEqual([]);
    }
  });

  test("makes no fold that would leave a gap in the middle of a window", () => {
    sandbox = makeSandbox();
    postHook(readWindow(1, 30));
    postHook(readWindow(61, 90));
    const reply = postHook(readWindow(1, 100))!;
    // The head folds; lines 61..90 sit between new lines and stay, numbered where they are.
    expect(reply.content.match(/\[OMNI:/g)!.length).toBe(1);
    expect(reply.content).toContain(HELP_JS.slice(30, 100).join("").replace(/\n$/, ""));
    expect(misnumbered(reply)).toEqual([]);
  });
});

describe("reader scopes through the built hook", () => {
  test("hands a subagent the Read its parent already had, whole: content, never another reader's marker", () => {
    sandbox = makeSandbox();
    postHook(readWindow(1, 90));
    expect(postHook({ ...readWindow(1, 90), agent_id: "a46643ba5dee23549" })).toBeNull();
    expect(postHook({ ...readWindow(1, 90), agent_id: "a46643ba5dee23549" })!.content).toMatch(
      /^\[OMNI: identical to the 90 lines already shown, omni retrieve [0-9a-f]{16}\]$/,
    );
  });
});

describe("compaction through the built PreCompact hook", () => {
  test("forgets what the session and its subagents were shown: their next Reads come back whole", () => {
    sandbox = makeSandbox();
    const whole = readWindow(1, 90);
    const sub = { ...readWindow(91, 180), agent_id: "a46643ba5dee23549" };
    postHook(whole);
    postHook(sub);
    expect(postHook(whole)!.content).toContain("already shown");
    expect(postHook(sub)!.content).toContain("already shown");
    const compact = runOmni(["--pre-compact"], {
      env: sandbox.env,
      stdin: JSON.stringify({ session_id: "s1", hook_event_name: "PreCompact", trigger: "auto", cwd: whole.cwd }),
    });
    expect(compact.exitCode).toBe(0);
    expect(compact.stdout.length).toBe(0);
    for (const payload of [whole, sub]) expect(postHook(payload)).toBeNull();
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
