import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { memoryScope } from "../../src/memory/scope.ts";
import { recordToolError } from "../../src/memory/tool-errors.ts";
import { openDatabase } from "../../src/store/db.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

function project(): string {
  return mkdtempSync(join(sandbox.home, "project-"));
}

function omni(args: string[], cwd: string) {
  const result = runOmni(args, { env: sandbox.env, cwd });
  return { code: result.exitCode, out: result.stdout.toString("utf8"), err: result.stderr };
}

describe("omni remember", () => {
  test("stores a fact that session context brings back, and rejects an unknown category", () => {
    sandbox = makeSandbox();
    const cwd = project();
    expect(
      omni(["remember", "The staging database ignores migrations run outside the deploy job", "-c", "gotcha", "-t", "db,staging"], cwd)
        .code,
    ).toBe(0);
    expect(omni(["session", "--inject"], cwd).out).toContain("Remembered: [gotcha] The staging database ignores migrations");
    const bad = omni(["remember", "x y z", "--category", "rumour"], cwd);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("use one of decision, pattern, gotcha, fact");
    expect(omni(["remember", "x", "--globl"], cwd).err).toContain("did you mean `--global`");
  });
});

describe("omni goal", () => {
  test("sets, shows and clears a goal; bare text means set; a too-short goal is rejected", () => {
    sandbox = makeSandbox();
    const cwd = project();
    expect(omni(["goal", "set", "Migrate the billing service off the legacy queue"], cwd).code).toBe(0);
    expect(omni(["goal", "show"], cwd).out).toBe("Migrate the billing service off the legacy queue\n");
    expect(omni(["goal", "Ship the parser rewrite behind a flag"], cwd).code).toBe(0);
    expect(omni(["goal", "--show"], cwd).out).toBe("Ship the parser rewrite behind a flag\n");
    const short = omni(["goal", "hi"], cwd);
    expect(short.code).toBe(1);
    expect(short.err).toContain("a goal needs at least");
    expect(omni(["goal", "fix it"], cwd).code).toBe(1);
    expect(omni(["goal", "show"], cwd).out).toBe("Ship the parser rewrite behind a flag\n");
    expect(omni(["session", "--inject"], cwd).out).toContain("Goal: Ship the parser rewrite behind a flag");
    expect(omni(["goal", "clear"], cwd).out).toBe("goal cleared\n");
    expect(omni(["goal", "show"], cwd).code).toBe(1);
  });
});

describe("engram capture", () => {
  test("turns a failing test that later passes into an engram, and resolves its pattern", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const testFile = join(cwd, "math.test.ts");
    const command = `${process.execPath} test ./math.test.ts`;
    writeFileSync(testFile, `import { expect, test } from "bun:test";\ntest("adds", () => expect(1 + 1).toBe(3));\n`);
    expect(omni(["exec", "--session", "s-1", command], cwd).code).toBe(1);
    expect(omni(["exec", "--session", "s-1", command], cwd).code).toBe(1);
    expect(JSON.parse(omni(["engram", "--json"], cwd).out).engrams).toEqual([]);
    expect(omni(["patterns"], cwd).out).toContain("ACTIVE");
    writeFileSync(testFile, `import { expect, test } from "bun:test";\ntest("adds", () => expect(1 + 1).toBe(2));\n`);
    expect(omni(["exec", "--session", "s-1", command], cwd).code).toBe(0);

    const report = JSON.parse(omni(["engrams", "list", "--json"], cwd).out);
    expect(report.version).toBe("1");
    expect(report.session_id).toBe("s-1");
    expect(report.engrams).toHaveLength(1);
    const [engram] = report.engrams;
    expect(Object.keys(engram).sort()).toEqual([
      "age_seconds",
      "commands_run",
      "created_at",
      "errors_resolved",
      "files_changed",
      "headline",
      "id",
      "tokens_saved",
      "trigger",
    ]);
    expect(engram.headline).toBe(`\`${command}\` passes again after 2 failing runs`);
    expect(engram.errors_resolved.join("\n")).toContain("(fail) adds");
    expect(omni(["patterns", "--tool", "bun"], cwd).out).toContain("RESOLVED");
    // A second pass resolves nothing new.
    expect(omni(["exec", "--session", "s-1", command], cwd).code).toBe(0);
    expect(JSON.parse(omni(["engram", "--json"], cwd).out).engrams).toHaveLength(1);
  });

  test("resolves a failure a host reported when the post-hook sees the command pass", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const command = "make build";
    // The failing half goes through exec (a host would report it through its failure hook).
    expect(omni(["exec", "--session", "s-2", `${command} 2>/dev/null || (echo 'main.c:3: error: expected ;'; exit 2)`], cwd).code).toBe(2);
    // Same command string recorded by exec as the failure, so replay the exact string as the hook's command.
    const failed = `${command} 2>/dev/null || (echo 'main.c:3: error: expected ;'; exit 2)`;
    const payload = {
      session_id: "s-2",
      cwd,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: failed },
      tool_response: { stdout: "cc -o app main.c\n", stderr: "", interrupted: false, isImage: false },
    };
    const hook = runOmni(["--post-hook"], { env: sandbox.env, cwd, stdin: JSON.stringify(payload) });
    expect(hook.exitCode).toBe(0);
    const [engram] = JSON.parse(omni(["engram", "--json"], cwd).out).engrams;
    expect(engram.errors_resolved).toEqual(["main.c:3: error: expected ;"]);
    expect(engram.files_changed).toEqual(["main.c"]);
  });
});

describe("host failure hook → post-hook pass", () => {
  test("a failure recorded by recordToolError becomes an engram when the post-hook sees the command pass", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const db = openDatabase(sandbox.dbPath);
    recordToolError(db, {
      command: "npm test",
      text: "FAIL src/cart.test.ts\nError: expected 3 to be 4\n",
      sessionId: "s-3",
      projectHash: memoryScope(cwd).hash,
      ts: 1,
    });
    db.close();
    const payload = {
      session_id: "s-3",
      cwd,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "npm test" },
      tool_response: { stdout: "Tests: 4 passed, 4 total\n", stderr: "", interrupted: false, isImage: false },
    };
    expect(runOmni(["--post-hook"], { env: sandbox.env, cwd, stdin: JSON.stringify(payload) }).exitCode).toBe(0);
    const report = JSON.parse(omni(["engram", "--json"], cwd).out);
    expect(report.session_id).toBe("s-3");
    expect(report.engrams.map((engram: { headline: string }) => engram.headline)).toEqual(["`npm test` passes again after 1 failing run"]);
    expect(report.engrams[0].errors_resolved).toEqual(["FAIL src/cart.test.ts", "Error: expected 3 to be 4"]);
  });
});

describe("omni session", () => {
  test("--inject stays within 1000 bytes and 120 bytes per item", () => {
    sandbox = makeSandbox();
    const cwd = project();
    omni(["goal", `Finish ${"the very long migration plan ".repeat(10)}`], cwd);
    for (let i = 0; i < 12; i++) omni(["remember", `Fact number ${i}: ${"details that go on and on ".repeat(8)}`], cwd);
    // The CLI ends the block with a newline; the block itself is what a host injects.
    const inject = omni(["session", "--inject"], cwd).out.replace(/\n$/, "");
    expect(Buffer.byteLength(inject, "utf8")).toBeLessThanOrEqual(1000);
    expect(inject).toContain("- Goal: Finish the very long migration plan");
    for (const line of inject.split("\n").filter((l) => l.startsWith("- ")))
      expect(Buffer.byteLength(line.slice(2), "utf8")).toBeLessThanOrEqual(120);
    expect(JSON.parse(omni(["session", "--inject", "--json"], cwd).out).context).toBe(inject);
  });

  test("reports status, history and transcript of a session recorded through exec", () => {
    sandbox = makeSandbox();
    const cwd = project();
    omni(["exec", "--session", "abc", "echo hello"], cwd);
    omni(["exec", "--session", "abc", "echo 'error: nope'; exit 1"], cwd);
    const status = JSON.parse(omni(["session", "--json"], cwd).out);
    expect(status).toMatchObject({ session_id: "abc", commands: 2, failures: 1, active_error: "echo 'error: nope'; exit 1: error: nope" });
    expect(JSON.parse(omni(["sessions", "--history", "--json"], cwd).out)[0]).toMatchObject({ session_id: "abc", commands: 2 });
    expect(omni(["session", "--transcript"], cwd).out).toMatch(/exit 0 {2}echo hello\n.*exit 1 {2}echo 'error: nope'; exit 1\n/);
    expect(omni(["session", "--resume"], cwd).out).toContain("# Session handoff");
    expect(omni(["session", "--status", "--history"], cwd).err).toContain("choose one of --status, --history");
  });
});

describe("omni session --status lists the agents active in the project", () => {
  test("each agent's post-hook runs record its latest session; other projects stay out", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const elsewhere = project();
    const hook = (sessionId: string, agentId: string, dir: string) => {
      const payload = {
        session_id: sessionId,
        cwd: dir,
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_input: { command: "git status" },
        tool_response: {
          stdout: "On branch main\nnothing to commit, working tree clean\n",
          stderr: "",
          interrupted: false,
          isImage: false,
        },
      };
      expect(
        runOmni(["--post-hook"], { env: { ...sandbox.env, OMNI_AGENT_ID: agentId }, cwd: dir, stdin: JSON.stringify(payload) }).exitCode,
      ).toBe(0);
    };
    hook("claude-1", "claude_code", cwd);
    hook("codex-1", "codex_cli", cwd);
    hook("claude-2", "claude_code", cwd);
    hook("gemini-1", "gemini_cli", elsewhere);
    const status = JSON.parse(omni(["session", "--status", "--json"], cwd).out);
    expect(status.agents.map((agent: { agent_id: string; session_id: string }) => [agent.agent_id, agent.session_id]).sort()).toEqual([
      ["claude_code", "claude-2"],
      ["codex_cli", "codex-1"],
    ]);
    for (const agent of status.agents) expect(Math.abs(agent.last_active - Date.now() / 1000)).toBeLessThan(120);
    const text = omni(["session", "--status"], cwd).out;
    expect(text).toMatch(/^agents +(claude_code|codex_cli) +session (claude-2|codex-1) +last active \d{4}-\d\d-\d\dT/m);
    expect(text).toContain("session codex-1");
    expect(text).not.toContain("gemini");
    expect(omni(["session", "--status"], project()).out).toMatch(/^agents +-$/m);
  });
});

describe("omni query", () => {
  test("answers the four forms and lists them for anything else", () => {
    sandbox = makeSandbox();
    const cwd = project();
    const failing = `node -e "console.log('warning: unused variable x'); console.log('error: bad'); process.exit(1)"`;
    omni(["exec", failing], cwd);
    omni(["exec", "cat src/main.rs 2>/dev/null; echo done"], cwd);
    const errors = JSON.parse(omni(["query", "errors", "in", "last", "5", "commands", "--json"], cwd).out);
    expect(errors.rows.map((row: { command: string }) => row.command)).toEqual([failing]);
    expect(omni(["query", "warnings from node"], cwd).out).toContain("warning: unused variable x");
    expect(omni(["query", "context for src/main.rs"], cwd).out).toContain("cat src/main.rs");
    expect(JSON.parse(omni(["query", "timeline", "today", "--json"], cwd).out).rows).toHaveLength(2);
    const bad = omni(["query", "show", "me", "everything"], cwd);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("'errors in last N commands', 'warnings from TOOL', 'context for PATH', 'timeline today'");
  });
});
