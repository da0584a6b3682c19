/**
 * `omni retrieve` and `omni_retrieve` are one use-case (src/runtime/retrieve.ts): for the same
 * handle and selection they print the same bytes, and for the same mistake the same sentence.
 * The CLI runs as the built executable, the MCP tool through a real SDK client.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ARCHIVE_RETENTION_DAYS, EXAMPLE_HANDLE } from "../../src/base/limits.ts";
import { RETRIEVE_ERRORS } from "../../src/runtime/retrieve.ts";
import { putBlock } from "../../src/store/archive.ts";
import { openDatabase } from "../../src/store/db.ts";
import { pruneArchiveToBudget } from "../../src/store/retention.ts";
import { recordRun } from "../../src/store/runs.ts";
import { connect, textOf, type Connected } from "../mcp/connect.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

const KEPT = "1a2b3c4d5e6f7a8b";
const DROPPED = "2b3c4d5e6f7a8b9c";
const UNKNOWN = "ffffffffffffffff";
const BLOCK = "test parser::case_1 ... ok\ntest parser::case_2 ... FAILED\ntest parser::case_3 ... ok\ntest parser::case_4 ... FAILED\n";

let sandbox: Sandbox;
let connected: Connected;

beforeAll(async () => {
  sandbox = makeSandbox();
  const db = openDatabase(sandbox.dbPath);
  const now = Math.floor(Date.now() / 1000);
  // A block a run archived and the archive's budget then dropped: its run row outlives it.
  putBlock(db, DROPPED, "an older output\n", 16, now - 60);
  recordRun(db, {
    ts: now - 60,
    sessionId: "s",
    agentId: "claude_code",
    entry: "hook",
    tool: "Bash",
    command: "cargo test",
    label: "cargo",
    distiller: "cargo-test",
    route: "distilled",
    reason: null,
    inputBytes: 16,
    outputBytes: 8,
    deliveredBytes: 8,
    latencyMs: 1,
    handle: DROPPED,
    projectPath: null,
    exitCode: 0,
    raw: "an older output\n",
    delivered: "out",
  });
  pruneArchiveToBudget(db, 0);
  putBlock(db, KEPT, BLOCK, BLOCK.length, now);
  db.close();
  connected = await connect(sandbox.env, sandbox.home);
});

afterAll(async () => {
  await connected?.close();
  sandbox?.cleanup();
});

interface Ask {
  handle?: string;
  lines?: string;
  grep?: string;
}

function cli(ask: Ask) {
  const args = ["retrieve", ...(ask.handle === undefined ? [] : [ask.handle])];
  if (ask.lines !== undefined) args.push("--lines", ask.lines);
  if (ask.grep !== undefined) args.push("--grep", ask.grep);
  const result = runOmni(args, { env: sandbox.env });
  return { code: result.exitCode, out: result.stdout.toString("utf8"), err: result.stderr };
}

async function mcp(ask: Ask) {
  const result = await connected.client.callTool({ name: "omni_retrieve", arguments: { handle: "", ...ask } });
  return { isError: result.isError ?? false, text: textOf(result) };
}

describe("the same bytes from both entry points", () => {
  const cases: [string, Ask, string][] = [
    ["the whole block", { handle: KEPT }, BLOCK],
    ["a line range", { handle: KEPT, lines: "2-3" }, "test parser::case_2 ... FAILED\ntest parser::case_3 ... ok\n"],
    ["a range to the end", { handle: `omni_retrieve("${KEPT}")`, lines: "4-" }, "test parser::case_4 ... FAILED\n"],
    ["a grep", { handle: KEPT, grep: "FAILED$" }, "2:test parser::case_2 ... FAILED\n4:test parser::case_4 ... FAILED\n"],
  ];
  for (const [name, ask, bytes] of cases)
    test(name, async () => {
      const fromCli = cli(ask);
      const fromMcp = await mcp(ask);
      expect(fromCli.code).toBe(0);
      expect(fromMcp.isError).toBe(false);
      expect(fromCli.out).toBe(bytes);
      expect(fromMcp.text).toBe(bytes);
    });
});

describe("the same sentence, with its fix, for the same mistake", () => {
  const database = () => sandbox.dbPath;
  const cases: [string, Ask, () => string][] = [
    ["no handle", {}, () => RETRIEVE_ERRORS.noHandle()],
    ["a malformed handle", { handle: "abc123" }, () => RETRIEVE_ERRORS.malformed("abc123")],
    ["the documentation example", { handle: EXAMPLE_HANDLE }, () => RETRIEVE_ERRORS.example()],
    ["an unknown handle", { handle: UNKNOWN }, () => RETRIEVE_ERRORS.unknown(UNKNOWN, database())],
    ["a handle whose block was dropped", { handle: DROPPED }, () => RETRIEVE_ERRORS.expired(DROPPED, database())],
    ["both selections", { handle: KEPT, lines: "1-2", grep: "ok" }, () => RETRIEVE_ERRORS.twoSelections()],
    ["a backwards range", { handle: KEPT, lines: "9-2" }, () => RETRIEVE_ERRORS.badRange("9-2")],
    ["a pattern that is no regex", { handle: KEPT, grep: "(" }, () => RETRIEVE_ERRORS.badPattern("(", regexError("("))],
  ];
  for (const [name, ask, sentence] of cases)
    test(name, async () => {
      const fromCli = cli(ask);
      const fromMcp = await mcp(ask);
      expect(fromCli.code).toBe(1);
      expect(fromCli.out).toBe("");
      expect(fromMcp.isError).toBe(true);
      expect(fromCli.err).toBe(`omni: ${sentence()}\n`);
      expect(fromMcp.text).toBe(sentence());
    });

  test("an unknown handle names the window retention keeps, a dropped one says it is gone and how to get it back", () => {
    expect(RETRIEVE_ERRORS.unknown(UNKNOWN, "db")).toContain(`resolve for ${ARCHIVE_RETENTION_DAYS} days`);
    expect(RETRIEVE_ERRORS.expired(DROPPED, "db")).toContain("any more");
    expect(RETRIEVE_ERRORS.expired(DROPPED, "db")).toContain("run the command that printed the marker again");
  });
});

function regexError(source: string): string {
  try {
    new RegExp(source);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}
