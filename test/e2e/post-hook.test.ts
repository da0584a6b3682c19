import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadFixtures } from "../helpers/fixtures.ts";
import { makeSandbox, OMNI_EXE, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const NOISE =
  Array.from({ length: 200 }, (_, i) => `Compiling crate-${i} v0.${i}.0`).join("\n") +
  "\nFinished `release` profile [optimized] target(s) in 41.20s\n";

function bashPayload(command: string, stdout: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: "s-e2e",
    hook_event_name: "PostToolUse",
    cwd: "/tmp",
    tool_name: "Bash",
    tool_input: { command, description: "build" },
    tool_response: { stdout, stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
    ...extra,
  });
}

function hook(stdin: string | Uint8Array) {
  return runOmni(["--post-hook"], { env: sandbox.env, stdin });
}

describe("omni --post-hook", () => {
  test("keeps a test run whole when the agent loop's goal is about tests (OMNI_LOOP_GOAL)", () => {
    sandbox = makeSandbox();
    const run = loadFixtures("test").find((f) => f.name === "cargo_test_pass_multi")!;
    const payload = bashPayload(run.command, run.text);
    expect(hook(payload).stdout.length).toBeGreaterThan(0);
    const inLoop = runOmni(["--post-hook"], { env: { ...sandbox.env, OMNI_LOOP_GOAL: "make the parser tests pass" }, stdin: payload });
    expect(inLoop.exitCode).toBe(0);
    expect(inLoop.stdout.toString()).toBe("");
  });

  test("waits its whole deadline for another process's write lock, so the run keeps its row", async () => {
    sandbox = makeSandbox({ OMNI_HOOK_DEADLINE_MS: "5000" });
    runOmni(["--post-hook"], { env: sandbox.env, stdin: bashPayload("node build.js", "warm-up\n") });
    const holder = new Database(sandbox.dbPath);
    const rows = () => (holder.query("SELECT COUNT(*) AS n FROM distillations").get() as { n: number }).n;
    const before = rows();
    holder.exec("BEGIN IMMEDIATE");
    const child = Bun.spawn([OMNI_EXE, "--post-hook"], {
      env: sandbox.env,
      stdin: Buffer.from(bashPayload("node build.js", NOISE)),
      stdout: "pipe",
      stderr: "ignore",
    });
    // Longer than the store's 1 s default lock wait, well inside the 5 s deadline.
    await Bun.sleep(1_800);
    holder.exec("COMMIT");
    const [stdout, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    expect(exitCode).toBe(0);
    expect(stdout).toContain("omni retrieve");
    expect(rows()).toBe(before + 1);
    holder.close();
  });

  test("replies in the Bash tool's own shape, keeping its other keys", () => {
    sandbox = makeSandbox();
    const result = hook(bashPayload("node build.js", NOISE));
    expect(result.exitCode).toBe(0);
    const reply = JSON.parse(result.stdout.toString());
    expect(Object.keys(reply)).toEqual(["hookSpecificOutput"]);
    expect(reply.hookSpecificOutput.hookEventName).toBe("PostToolUse");
    const output = reply.hookSpecificOutput.updatedToolOutput;
    expect(Object.keys(output).sort()).toEqual(["interrupted", "isImage", "noOutputExpected", "stderr", "stdout"]);
    expect(output.stderr).toBe("");
    expect(output.stdout).toContain("Finished `release` profile");
    expect(output.stdout.length).toBeLessThan(NOISE.length / 4);
  });

  test("hands a marker whose handle retrieves the raw stdout byte for byte", () => {
    sandbox = makeSandbox();
    const reply = JSON.parse(hook(bashPayload("node build.js", NOISE)).stdout.toString());
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(reply.hookSpecificOutput.updatedToolOutput.stdout)![1]!;
    const retrieved = runOmni(["retrieve", handle], { env: sandbox.env });
    expect(retrieved.exitCode).toBe(0);
    expect(retrieved.stdout.toString()).toBe(NOISE);
  });

  test("replies to a Read in the {type, file} shape with numLines recomputed", () => {
    sandbox = makeSandbox();
    const content = NOISE;
    const payload = JSON.stringify({
      session_id: "s-e2e",
      hook_event_name: "PostToolUse",
      tool_name: "WebFetch",
      tool_input: { url: "http://127.0.0.1/x" },
      tool_response: { result: content, code: 200, url: "http://127.0.0.1/x" },
    });
    const reply = JSON.parse(hook(payload).stdout.toString());
    expect(reply.hookSpecificOutput.updatedToolOutput.code).toBe(200);
    expect(reply.hookSpecificOutput.updatedToolOutput.result.length).toBeLessThan(content.length);
  });

  test.each([
    ["malformed JSON", '{"session_id": "s", "tool_name": "Bash", "tool_resp'],
    ["an empty payload", ""],
    ["a JSON array", "[1, 2, 3]"],
    ["wrong types", JSON.stringify({ tool_name: 7, tool_input: "x", tool_response: [1] })],
  ])("prints nothing and exits 0 on %s", (_name, stdin) => {
    sandbox = makeSandbox();
    const result = hook(stdin);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBe(0);
  });

  test("prints nothing and exits 0 on invalid UTF-8", () => {
    sandbox = makeSandbox();
    const result = hook(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBe(0);
  });

  test("declines a failed Bash call (the host keeps its bytes)", () => {
    sandbox = makeSandbox();
    const result = hook(bashPayload("node build.js", NOISE, { exit_code: 2 }));
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBe(0);
  });

  // Tests run as root here, so permission bits cannot make a file unwritable: use paths that
  // no process can open as a database instead.
  test.each([
    [
      "its parent is a regular file",
      (home: string) => {
        writeFileSync(join(home, "plain-file"), "x");
        return join(home, "plain-file", "omni.db");
      },
    ],
    [
      "it is a directory",
      (home: string) => {
        mkdirSync(join(home, "a-directory"));
        return join(home, "a-directory");
      },
    ],
    [
      "it is not a database",
      (home: string) => {
        writeFileSync(join(home, "corrupt.db"), "this is not an SQLite file, just text ".repeat(200));
        return join(home, "corrupt.db");
      },
    ],
  ])("declines when the database cannot be opened because %s", (_why, makePath) => {
    sandbox = makeSandbox();
    const env = { ...sandbox.env, OMNI_DB_PATH: makePath(sandbox.home) };
    const result = runOmni(["--post-hook"], { env, stdin: bashPayload("node build.js", NOISE) });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBe(0);
  });

  test("declines when OMNI_PASSTHROUGH leads the command, but not when echo merely mentions it", () => {
    sandbox = makeSandbox();
    expect(hook(bashPayload("OMNI_PASSTHROUGH=1 node build.js", NOISE)).stdout.length).toBe(0);
    expect(hook(bashPayload("echo OMNI_PASSTHROUGH=1; node build.js", NOISE)).stdout.length).toBeGreaterThan(0);
  });
});

describe("structured payloads", () => {
  const structured = loadFixtures("structured");

  test("come back byte-identical through the post-hook (no reply at all)", () => {
    sandbox = makeSandbox();
    for (const fixture of structured) {
      const result = hook(bashPayload(fixture.command, fixture.text));
      expect({ name: fixture.name, exit: result.exitCode, out: result.stdout.toString() }).toEqual({
        name: fixture.name,
        exit: 0,
        out: "",
      });
    }
  });

  test("come back byte-identical through pipe mode", () => {
    sandbox = makeSandbox();
    for (const fixture of structured) {
      const result = runOmni(["--cmd", fixture.command], { env: sandbox.env, stdin: fixture.text });
      expect({ name: fixture.name, same: result.stdout.toString() === fixture.text }).toEqual({ name: fixture.name, same: true });
    }
  });

  test("come back byte-identical through exec", () => {
    sandbox = makeSandbox();
    for (const fixture of structured) {
      const path = join(sandbox.home, `${fixture.name}.out`);
      Bun.write(path, fixture.text);
      const result = runOmni(["exec", "node", "-e", `process.stdout.write(require("fs").readFileSync(${JSON.stringify(path)}))`], {
        env: sandbox.env,
      });
      expect({ name: fixture.name, same: result.stdout.toString() === fixture.text }).toEqual({ name: fixture.name, same: true });
    }
  });
});
