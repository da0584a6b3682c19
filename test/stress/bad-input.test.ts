import { afterAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSandbox, OMNI_EXE } from "../helpers/sandbox.ts";
import { corpusPayloads, FULL, isValidReply } from "./helpers.ts";

/** Longest marker the pipeline appends, with room for its numbers. */
const ONE_MARKER_BYTES = 200;
/** A well-formed MCP opening, so the server is past its handshake when the bad lines arrive. */
const MCP_INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
});
const sandbox = makeSandbox();
const scratch = mkdtempSync(join(tmpdir(), "omni-fuzz-"));
afterAll(() => {
  sandbox.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

interface EntryPoint {
  name: string;
  run(input: Buffer): Promise<{ exitCode: number; stdout: Buffer }>;
  /** What a correct answer to this input looks like. */
  check(input: Buffer, result: { exitCode: number; stdout: Buffer }): string | null;
}

/** A process that outlives this is hung, and reported as such rather than stalling the run. */
const HANG_MS = 60_000;

async function spawn(args: string[], stdin: Buffer | "ignore"): Promise<{ exitCode: number; stdout: Buffer }> {
  const child = Bun.spawn([OMNI_EXE, ...args], {
    env: sandbox.env,
    stdin: stdin === "ignore" ? "ignore" : stdin,
    stdout: "pipe",
    stderr: "ignore",
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), HANG_MS);
  const [stdout, exitCode] = await Promise.all([new Response(child.stdout).arrayBuffer(), child.exited]);
  clearTimeout(timer);
  return { exitCode, stdout: Buffer.from(stdout) };
}

const hookCheck = (_input: Buffer, result: { exitCode: number; stdout: Buffer }) =>
  result.exitCode !== 0 ? `exit ${result.exitCode}` : isValidReply(result.stdout.toString()) ? null : "invalid JSON reply";
const notLongerCheck = (input: Buffer, result: { exitCode: number; stdout: Buffer }) =>
  result.exitCode !== 0
    ? `exit ${result.exitCode}`
    : result.stdout.length > input.length + ONE_MARKER_BYTES
      ? `output ${result.stdout.length} > input ${input.length} + marker`
      : null;

/** The MCP server answers each line it can parse with one JSON-RPC message and drops the rest; closing stdin ends it. */
const mcpCheck = (_input: Buffer, result: { exitCode: number; stdout: Buffer }) => {
  if (result.exitCode !== 0) return `exit ${result.exitCode}`;
  const bad = result.stdout
    .toString()
    .split("\n")
    .find((line) => line.trim() !== "" && !isJsonRpcMessage(line));
  return bad === undefined ? null : `invalid JSON-RPC line: ${bad.slice(0, 80)}`;
};

function isJsonRpcMessage(line: string): boolean {
  try {
    const message = JSON.parse(line);
    return typeof message === "object" && message !== null && message.jsonrpc === "2.0";
  } catch {
    return false;
  }
}

/** Every entry point that reads untrusted bytes. */
const ENTRY_POINTS: EntryPoint[] = [
  { name: "--post-hook", run: (input) => spawn(["--post-hook"], input), check: hookCheck },
  { name: "--pre-hook", run: (input) => spawn(["--pre-hook"], input), check: hookCheck },
  { name: "--session-start", run: (input) => spawn(["--session-start"], input), check: hookCheck },
  { name: "--pre-compact", run: (input) => spawn(["--pre-compact"], input), check: hookCheck },
  { name: "--mcp", run: (input) => spawn(["--mcp"], input), check: mcpCheck },
  { name: "pipe", run: (input) => spawn(["--cmd", "cargo build"], input), check: notLongerCheck },
  {
    name: "exec",
    run: (input) => {
      const file = join(scratch, "input");
      writeFileSync(file, input);
      return spawn(["exec", "cat", file], "ignore");
    },
    check: notLongerCheck,
  },
];

const payloads = corpusPayloads();
const realOutputs = payloads.map((p) => JSON.parse(p)).map((p) => String(p.tool_response?.stdout ?? p.tool_response?.file?.content ?? ""));

/** Mutations of real payloads and outputs: the shapes of bad input hosts and tools really send. */
function mutations(): Array<[string, Buffer]> {
  const payload = payloads.find((p) => p.length > 2000 && p.length < 20_000)!;
  const text = realOutputs.find((t) => t.length > 2000)!;
  const bash = (stdout: string) =>
    Buffer.from(
      JSON.stringify({
        ...JSON.parse(payload),
        tool_name: "Bash",
        tool_input: { command: "cargo build" },
        tool_response: { stdout, stderr: "" },
      }),
    );
  const cases: Array<[string, Buffer]> = [
    ["truncated JSON", Buffer.from(payload.slice(0, payload.length / 2))],
    ["wrong types", Buffer.from(JSON.stringify({ ...JSON.parse(payload), tool_response: 42, tool_input: "x", session_id: [] }))],
    ["null payload", Buffer.from("null")],
    ["huge string", bash("x".repeat(2_000_000))],
    ["deep nesting", Buffer.from("[".repeat(100_000) + "]".repeat(100_000))],
    ["invalid UTF-8", Buffer.concat([Buffer.from(text.slice(0, 500)), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(text.slice(500))])],
    ["lone surrogate in JSON", Buffer.from(payload.replace('"stdout": "', '"stdout": "\\ud800'))],
    ["NUL bytes", bash(text.replaceAll("\n", "\0\n"))],
    ["CRLF", bash(text.replaceAll("\n", "\r\n"))],
    ["CR only", bash(text.replaceAll("\n", "\r"))],
    ["ANSI escapes", bash(text.replaceAll("error", "\x1b[31merror\x1b[0m"))],
    ["100k tiny lines", bash("a\n".repeat(100_000))],
    ["binary", Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 7919) % 256))],
    ["empty", Buffer.alloc(0)],
    ["raw text", Buffer.from(text)],
    ["100k tiny lines raw", Buffer.from("a\n".repeat(100_000))],
    ["CR-only raw", Buffer.from(text.replaceAll("\n", "\r"))],
    [
      "JSON-RPC then garbage",
      Buffer.from(
        [
          MCP_INITIALIZE,
          "{not json",
          JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "omni_run", arguments: { command: 7 } } }),
          "\u0000\uffff",
          "",
        ].join("\n"),
      ),
    ],
  ];
  if (FULL)
    cases.push(
      ["50 MB single line", bash("y".repeat(50 * 1024 * 1024))],
      ["50 MB single line raw", Buffer.from("y".repeat(50 * 1024 * 1024))],
    );
  return cases;
}

let tried = 0;

for (const entry of ENTRY_POINTS) {
  test(`${entry.name}: every mutation of real input is answered without a crash`, async () => {
    const failures: string[] = [];
    for (const [name, input] of mutations()) {
      tried++;
      const problem = entry.check(input, await entry.run(input));
      if (problem) failures.push(`${name}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  test(`${entry.name}: random inputs (fast-check) are answered without a crash`, async () => {
    const failures: string[] = [];
    const samples = fc.sample(
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 3000 }),
        fc.json(),
        fc
          .constantFrom(...realOutputs.slice(0, 50))
          .chain((t) =>
            fc.tuple(fc.nat(t.length), fc.string({ unit: "binary", maxLength: 50 })).map(([at, s]) => t.slice(0, at) + s + t.slice(at)),
          ),
      ),
      FULL ? 400 : 25,
    );
    for (const sample of samples) {
      tried++;
      const input = Buffer.from(sample);
      const problem = entry.check(input, await entry.run(input));
      if (problem) failures.push(`${JSON.stringify(sample).slice(0, 80)}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
}

test("reports how many inputs were tried", () => {
  console.log(`bad-input: ${tried} inputs tried across ${ENTRY_POINTS.length} entry points`);
  expect(tried).toBeGreaterThan(0);
});
