/**
 * Contract test against the real Claude Code CLI: `omni init --claude` configures a temp HOME,
 * the CLI runs a scripted session against a fake model on 127.0.0.1, and every assertion is on
 * what the fake model received, i.e. what a real model would have read.
 */
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { CLAUDE_CODE_VERSION, ensureClaudeCli, fakeModelEnv, printArgv } from "./claude-cli.ts";
import { requestText, startFakeModel, toolResultText, toolUseId } from "./fake-anthropic.ts";
import {
  AGENTS_MD,
  describeHost,
  expectDistilledWithHandle,
  handleIn,
  NOISY_SHELL,
  retrieve,
  scriptedSession,
} from "./scripted-session.ts";

const cli = ensureClaudeCli();

/** About 41 KB: over the host's 30,000-character cap (so it persists the output), under the 64 KiB archive cap. */
const OVER_CAP = `for i in $(seq 1 1500); do echo "Compiling crate-$i v1.0.$i"; done; echo "Finished release target(s) in 9.9s"`;
const COMMITS = [
  "Add the config parser",
  "Handle empty input in the tokenizer",
  "Fix off-by-one in line counting",
  "Document the CLI flags",
  "Release 0.2.0",
];
const FAILING_TEST = `const test = require("node:test");
const assert = require("node:assert");
test("adds numbers", () => assert.strictEqual(1 + 1, 2));
test("multiplies numbers", () => assert.strictEqual(2 * 3, 7));
`;
const NOTES = Array.from(
  { length: 80 },
  (_, i) => `Note ${i + 1}: the ${["parser", "tokenizer", "renderer", "cache"][i % 4]} keeps state ${i * 7} between calls`,
).join("\n");
/** TypeScript with a comma on every line: the format sniff once took it for CSV and handed it back whole. */
const VALUES_TS = Array.from({ length: 60 }, (_, i) => `export const row${i} = [${i}, ${i * 7}, "item-${i}"];`).join("\n");
const DATA = JSON.stringify(
  { name: "omni", items: Array.from({ length: 30 }, (_, i) => ({ id: i, label: `item-${i}`, tags: ["a", "b"] })) },
  null,
  2,
);

const run = scriptedSession({
  initFlag: "--claude",
  files: {
    "math.test.js": FAILING_TEST,
    "notes.txt": `${NOTES}\n`,
    "data.json": DATA,
    "AGENTS.md": AGENTS_MD,
    "values.ts": `${VALUES_TS}\n`,
  },
  prepare(project) {
    const git = (...args: string[]) =>
      spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args], {
        cwd: project,
        encoding: "utf8",
      });
    git("init", "-q");
    for (const [index, subject] of COMMITS.entries()) {
      writeFileSync(join(project, "CHANGES.txt"), `${COMMITS.slice(0, index + 1).join("\n")}\n`);
      git("add", "CHANGES.txt");
      git("commit", "-q", "-m", subject);
    }
  },
  startModel: (project) =>
    startFakeModel([
      { name: "Bash", args: { command: NOISY_SHELL, description: "build" } },
      { name: "Bash", args: { command: "node --test math.test.js", description: "run the tests" } },
      { name: "Read", args: { file_path: join(project, "notes.txt") } },
      { name: "Read", args: { file_path: join(project, "notes.txt") } },
      { name: "Bash", args: { command: "git log", description: "history" } },
      { name: "Bash", args: { command: "cat data.json", description: "data" } },
      { name: "Bash", args: { command: OVER_CAP, description: "big build" } },
      { name: "Read", args: { file_path: join(project, "values.ts") } },
      { name: "Read", args: { file_path: join(project, "values.ts") } },
    ]),
  command: (model) => ({ argv: printArgv(cli.bin!), env: fakeModelEnv(model.url) }),
  killAfterMs: 240_000,
  resultIn: (body, step) => toolResultText(body, toolUseId(step)),
});
const { session, resultOf } = run;
const TIMEOUT_MS = run.timeoutMs;

describeHost("Claude Code", cli, `Claude Code ${CLAUDE_CODE_VERSION} with omni init --claude`, () => {
  test(
    "runs the whole scripted session",
    async () => {
      const { exitCode, stdout, requests } = await session();
      expect(exitCode).toBe(0);
      expect(JSON.parse(stdout).result).toBe("done");
      expect(requests.length).toBeGreaterThanOrEqual(8);
    },
    TIMEOUT_MS,
  );

  test(
    "hands the model a noisy successful command distilled, with a handle omni retrieve resolves",
    async () => {
      const { text, isError } = await resultOf(0);
      expect(isError).toBe(false);
      const { sandbox } = await session();
      expectDistilledWithHandle(text, sandbox, ["Compiling crate-1 v1.0.1\n", "Compiling crate-300 v1.0.300\n"]);
    },
    TIMEOUT_MS,
  );

  test(
    "runs a matched failing command through omni exec (PreToolUse rewrite) and keeps the failing test's name and tally",
    async () => {
      const { text, isError } = await resultOf(1);
      expect(isError).toBe(true);
      expect(text).toContain("multiplies numbers");
      expect(text).toMatch(/fail\s+1/);
      const { sandbox } = await session();
      const db = new Database(sandbox.dbPath, { readonly: true });
      const rows = db
        .query("SELECT entry, agent_id, command, session_id FROM distillations WHERE command LIKE '%node --test%'")
        .all() as Array<{ entry: string; agent_id: string; session_id: string | null }>;
      db.close();
      expect(rows.map((row) => [row.entry, row.agent_id])).toContainEqual(["exec", "claude_code"]);
      expect(rows.find((row) => row.entry === "exec")!.session_id).toMatch(/^[0-9a-f-]{36}$/);
    },
    TIMEOUT_MS,
  );

  test(
    "hands the failing node --test run to the model distilled, shorter than the raw run",
    async () => {
      const { text } = await resultOf(1);
      const { project } = await session();
      const raw = spawnSync("node", ["--test", "math.test.js"], { cwd: project, encoding: "utf8" }).stdout;
      expect(text).toContain("not ok 2 - multiplies numbers");
      expect(text).toMatch(/# fail 1/);
      expect(text.length).toBeLessThan(raw.length);
    },
    TIMEOUT_MS,
  );

  test(
    "hands the first Read of a file back in full",
    async () => {
      const { text } = await resultOf(2);
      expect(text).toContain("Note 1: the parser keeps state 0 between calls");
      expect(text).toContain("Note 80: the cache keeps state 553 between calls");
    },
    TIMEOUT_MS,
  );

  test(
    "folds the second Read of the same file as already shown",
    async () => {
      const { text } = await resultOf(3);
      expect(text).toMatch(/\[OMNI: identical to the 80 lines already shown, omni retrieve [0-9a-f]{16}\]/);
      expect(text).not.toContain("Note 40: the cache keeps state 273 between calls");
    },
    TIMEOUT_MS,
  );

  test(
    "keeps every commit subject of git log",
    async () => {
      const { text } = await resultOf(4);
      for (const subject of COMMITS) expect(text).toContain(subject);
    },
    TIMEOUT_MS,
  );

  test(
    "reduces git log to one line per commit",
    async () => {
      const { text } = await resultOf(4);
      expect(text).not.toContain("Author:");
      const lines = text.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("[OMNI"));
      expect(lines).toHaveLength(COMMITS.length);
    },
    TIMEOUT_MS,
  );

  // Claude Code 2.1.332 offers the model no Grep tool (it answers "No such tool available: Grep";
  // searches go through Bash), so the Grep reply shape cannot be proven against this version.

  test(
    "hands a JSON payload over byte-identical",
    async () => {
      const { text } = await resultOf(5);
      expect(text).toBe(DATA);
    },
    TIMEOUT_MS,
  );

  test(
    "distills an output over the host's cap from the persisted file, whole, instead of a 2 KB preview",
    async () => {
      const { text } = await resultOf(6);
      expect(text).not.toContain("persisted-output");
      expect(text).toContain("Finished release target(s) in 9.9s");
      expect(text.length).toBeLessThan(2_000);
      const { sandbox } = await session();
      const retrieved = retrieve(sandbox, handleIn(text)!);
      // Line 1500 lies past the 30,000 characters the hook payload carries: only the file has it.
      expect(retrieved).toContain("Compiling crate-1500 v1.0.1500\n");
    },
    TIMEOUT_MS,
  );

  test(
    "reads a TypeScript file with a comma on every line as source, and folds its re-read into one marker the model sees",
    async () => {
      const first = (await resultOf(7)).text;
      expect(first).toContain('export const row0 = [0, 0, "item-0"];');
      expect(first).toContain('export const row59 = [59, 413, "item-59"];');
      const again = (await resultOf(8)).text;
      expect(again).toMatch(/\[OMNI: identical to the 60 lines already shown, omni retrieve [0-9a-f]{16}\]/);
      expect(again).not.toContain("row30");
      // The host numbers a Read's lines: the marker is its one numbered line, with no empty line after it.
      expect(again.trimStart().split("\n")).toEqual([expect.stringMatching(/^1\t\[OMNI: identical to/)]);
      const { sandbox } = await session();
      expect(retrieve(sandbox, handleIn(again)!)).toContain(VALUES_TS);
    },
    TIMEOUT_MS,
  );

  test(
    "injects the project context at session start",
    async () => {
      const { requests } = await session();
      const first = requestText(requests[0]!);
      expect(first).toContain("[omni] project context");
      expect(first).toContain("Pinned files: AGENTS.md");
    },
    TIMEOUT_MS,
  );

  test(
    "leaves no hook error in the host's transcript",
    async () => {
      const { sandbox } = await session();
      const projects = join(sandbox.home, ".claude", "projects");
      const transcripts = readdirSync(projects, { recursive: true })
        .map(String)
        .filter((file) => file.endsWith(".jsonl"));
      expect(transcripts.length).toBeGreaterThan(0);
      for (const file of transcripts) expect(readFileSync(join(projects, file), "utf8")).not.toContain("hook_error");
    },
    TIMEOUT_MS,
  );
});
