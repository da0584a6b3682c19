import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const NOISY = `node -e 'for (let i = 0; i < 300; i++) console.log("Compiling crate-" + i + " v1.0." + i); console.log("Finished release target(s) in 3.2s")'`;

function markerHandle(text: string): string {
  const handle = /omni retrieve ([0-9a-f]{16})/.exec(text)?.[1];
  if (!handle) throw new Error(`no marker in:\n${text}`);
  return handle;
}

describe("omni exec", () => {
  test("shortens a noisy successful command and its handle retrieves the exact raw bytes", () => {
    sandbox = makeSandbox();
    const raw = runOmni(["exec", NOISY], { env: { ...sandbox.env, OMNI_PASSTHROUGH: "1" } }).stdout;
    const distilled = runOmni(["exec", NOISY], { env: sandbox.env });
    expect(distilled.exitCode).toBe(0);
    expect(distilled.stdout.length).toBeLessThan(raw.length / 10);
    expect(distilled.stdout.toString()).toContain("Finished release target(s) in 3.2s");
    const retrieved = runOmni(["retrieve", markerHandle(distilled.stdout.toString())], { env: sandbox.env });
    expect(retrieved.exitCode).toBe(0);
    expect(retrieved.stdout.equals(raw)).toBe(true);
  });

  test("returns the child's exit code and its output verbatim when it fails", () => {
    sandbox = makeSandbox();
    const result = runOmni(["exec", `${NOISY}; exit 7`], { env: sandbox.env });
    expect(result.exitCode).toBe(7);
    expect(result.stdout.toString().split("\n").length).toBe(302);
  });

  test("runs the split-argv sh -c form without wrapping it twice", () => {
    sandbox = makeSandbox();
    const result = runOmni(["exec", "sh", "-c", "echo one; echo two"], { env: sandbox.env });
    expect(result.stdout.toString()).toBe("one\ntwo\n");
  });

  test("hands everything after `--` to the command, omni's own entry flags included", () => {
    sandbox = makeSandbox();
    const result = runOmni(["exec", "--", "echo", "hi", "--mcp", "--pre-hook"], { env: sandbox.env });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.toString()).toBe("hi --mcp --pre-hook\n");
  });

  test("reads --mcp as omni's MCP server only as omni's own first argument", () => {
    sandbox = makeSandbox();
    const wrapped = runOmni(["exec", "sh", "-c", 'echo "ran with $1"', "sh", "--mcp"], { env: sandbox.env });
    expect(wrapped.stdout.toString()).toBe("ran with --mcp\n");
    const init = runOmni(["init", "--claude", "--mcp"], { env: sandbox.env });
    expect(init.exitCode).toBe(0);
    expect(init.stdout.toString()).toContain(".claude.json");
  });

  test("prints no footer for the pre-hook's rewrite, and still records the run", () => {
    sandbox = makeSandbox();
    const { OMNI_QUIET: _quiet, ...loud } = sandbox.env;
    const build = [
      "sh",
      "-c",
      'for i in $(seq 1 300); do echo "Compiling crate-$i v1.0.$i"; done; echo "Finished release target(s) in 3.2s"',
    ];
    expect(runOmni(["exec", ...build], { env: loud }).stderr).toContain("[OMNI Active]");
    const result = runOmni(["exec", "--hooked", "--agent", "claude_code", "--session", "s1", "--", ...build], { env: loud });
    expect(result.stderr).toBe("");
    const db = new Database(sandbox.dbPath, { readonly: true });
    const row = db.query("SELECT entry, agent_id, session_id FROM distillations ORDER BY id DESC LIMIT 1").get();
    db.close();
    expect(row).toEqual({ entry: "exec", agent_id: "claude_code", session_id: "s1" });
  });

  test("prints the footer on stderr unless OMNI_QUIET is set", () => {
    sandbox = makeSandbox();
    const { OMNI_QUIET: _quiet, ...loud } = sandbox.env;
    const result = runOmni(["exec", NOISY], { env: loud });
    expect(result.stderr).toMatch(/^\[OMNI Active\] ⏺ \d+\.\d% reduction \(.+ → .+\) \d+ms\n$/);
  });

  test("omni stats charges exactly the footer bytes exec printed: the line, its JSON form, or none when quiet", () => {
    sandbox = makeSandbox();
    const { OMNI_QUIET: _quiet, ...loud } = sandbox.env;
    const footerBytesCharged = () =>
      JSON.parse(runOmni(["stats", "--json"], { env: sandbox.env }).stdout.toString()).totals.footer_bytes as number;
    let printed = 0;
    for (const env of [loud, { ...loud, OMNI_OUTPUT_JSON: "1" }, sandbox.env]) {
      printed += Buffer.byteLength(runOmni(["exec", "--agent", "codex_cli", NOISY], { env }).stderr);
      expect(footerBytesCharged()).toBe(printed);
    }
    expect(printed).toBeGreaterThan(0);
  });

  test("passes binary output through byte for byte", () => {
    sandbox = makeSandbox();
    const result = runOmni(["exec", "printf '\\377\\376\\000binary\\n'"], { env: sandbox.env });
    expect([...result.stdout]).toEqual([0xff, 0xfe, 0x00, ...Buffer.from("binary\n")]);
  });
});
