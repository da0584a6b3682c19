/**
 * Claude Code shows the model a Bash result of 30,000 characters or more only as a 2 KB preview
 * and a file path, and a failed one past about 11,000 only as its first and last 5,000. omni exec,
 * reading for that host, cuts its own reply under those sizes (the middle behind a handle, its
 * failure and warning lines kept); for a reader with no such cut the cap stays at 50,000 bytes.
 */
import { afterEach, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOST_FAILED_VIEW_CHARS, HOST_OUTPUT_CAP_CHARS } from "../../src/base/limits.ts";
import { distillCaptured } from "../../src/runtime/deliver.ts";
import { openRuntime } from "../../src/runtime/deps.ts";
import { fixture } from "../helpers/pipeline-run.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

/** A real run replayed by a program of its name on PATH, with the run's exit code. */
function replaying(program: string, family: string, name: string): Record<string, string> {
  sandbox = makeSandbox();
  const bin = join(sandbox.home, "bin");
  mkdirSync(bin, { recursive: true });
  const captured = fixture(family, name);
  const output = join(sandbox.home, `${program}.out`);
  writeFileSync(output, captured.text);
  writeFileSync(join(bin, program), `#!/bin/sh\ncat '${output}'\nexit ${captured.exitCode ?? 0}\n`);
  chmodSync(join(bin, program), 0o755);
  return { ...sandbox.env, PATH: `${bin}:${sandbox.env.PATH ?? process.env.PATH}` };
}

const exec = (agent: string, argv: string[], env: Record<string, string>) =>
  runOmni(["exec", "--hooked", "--agent", agent, "--", ...argv], { env });

test("a failed run for Claude Code stays under the host's cut of a failed call, with its warnings, its tally and a handle to the middle", () => {
  const env = replaying("rubocop", "build", "h3_rubocop_ruby_ansi_lib"); // 324 KB, 1,659 offenses, exit 1
  const run = exec("claude_code", ["rubocop", "lib"], env);
  const out = run.stdout.toString();
  expect(run.exitCode).toBe(1);
  expect(out.length).toBeLessThan(HOST_FAILED_VIEW_CHARS);
  expect(out).toContain("lib/ansi/diff.rb:16:29: W: Lint/UselessAssignment");
  expect(out).toContain("21 files inspected, 1659 offenses detected");
  const handle = /output truncated, .* omni retrieve ([0-9a-f]{16})\]/.exec(out)?.[1];
  expect(handle).toBeDefined();
  expect(runOmni(["retrieve", handle!], { env }).stdout.toString()).toContain("lib/ansi/bbcode.rb:64:50: C:");
});

test("a passing run for Claude Code may be longer, but stays under the host's 30,000-character cut", () => {
  const env = replaying("dpkg-buildpackage", "build", "h2_dpkg_buildpackage_cjson_pass"); // 89 KB, exit 0
  const run = exec("claude_code", ["dpkg-buildpackage", "-us", "-uc", "-b"], env);
  const out = run.stdout.toString();
  expect(run.exitCode).toBe(0);
  expect(out.length).toBeGreaterThan(HOST_FAILED_VIEW_CHARS);
  expect(out.length).toBeLessThan(HOST_OUTPUT_CAP_CHARS);
  expect(out).toContain("100% tests passed, 0 tests failed out of 19");
  expect(out).toContain("binary-only upload (no source included)");
});

test("for a reader with no such cut the reply may run to 50,000 bytes", () => {
  const env = replaying("rubocop", "build", "h3_rubocop_ruby_ansi_lib");
  const out = exec("cursor", ["rubocop", "lib"], env).stdout.toString();
  expect(out.length).toBeGreaterThan(HOST_OUTPUT_CAP_CHARS);
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
});

test("an MCP tool's result is not cut to the host's Bash view: only exec and pipe replies are", () => {
  sandbox = makeSandbox();
  const runtime = openRuntime(sandbox.env);
  try {
    const captured = fixture("build", "h3_rubocop_ruby_ansi_lib");
    const base = {
      text: captured.text,
      command: "rubocop lib",
      exitCode: 1,
      agentId: "claude_code",
      sessionId: null,
      env: sandbox.env,
      cwd: sandbox.home,
    };
    const viaExec = distillCaptured({ ...base, entry: "exec" }, runtime).delivered;
    const viaMcp = distillCaptured({ ...base, entry: "mcp" }, runtime).delivered;
    expect(viaExec.length).toBeLessThan(HOST_FAILED_VIEW_CHARS);
    expect(viaMcp.length).toBeGreaterThan(HOST_OUTPUT_CAP_CHARS);
  } finally {
    runtime.db?.close();
  }
});
