/**
 * The hook's last line of defence: an error nothing below it expected (here a database whose
 * sessions table lost its columns, met only after the pipeline ran) reaches the top-level catch
 * of the real `omni --post-hook` process, which prints nothing (the host keeps its own bytes) and
 * exits 0 before the watchdog would have to.
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { DEFAULT_HOOK_DEADLINE_MS } from "../../src/base/limits.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const noisy = `${Array.from({ length: 300 }, (_, i) => `Compiling crate-${i + 1} v1.0.${i + 1}`).join("\n")}\nFinished release target(s) in 3.2s`;

function postHook(env: Record<string, string> = {}) {
  const payload = {
    session_id: "sess-1",
    hook_event_name: "PostToolUse",
    cwd: sandbox.home,
    tool_name: "Bash",
    tool_input: { command: "cargo build" },
    tool_response: { stdout: noisy, stderr: "", interrupted: false, isImage: false },
  };
  const started = performance.now();
  const result = runOmni(["--post-hook"], { env: { ...sandbox.env, ...env }, stdin: JSON.stringify(payload) });
  return { ...result, stdout: result.stdout.toString(), stderr: result.stderr.toString(), elapsedMs: performance.now() - started };
}

test("an unexpected throw inside the hook prints nothing and exits 0, within the deadline", () => {
  sandbox = makeSandbox();
  // The same payload on a sound database is edited: the silence below is the catch, not a decline.
  const sound = postHook();
  expect(sound.exitCode).toBe(0);
  expect(sound.stdout).toContain("Finished release target(s) in 3.2s");
  expect(sound.stdout).toContain("omni retrieve");

  const db = new Database(sandbox.dbPath);
  db.run("DROP TABLE sessions");
  db.run("CREATE TABLE sessions (id TEXT PRIMARY KEY)");
  db.close();

  const debug = postHook({ OMNI_DEBUG: "1" });
  expect({ exitCode: debug.exitCode, stdout: debug.stdout }).toEqual({ exitCode: 0, stdout: "" });
  expect(debug.stderr).toContain("[omni] hook error: SQLiteError");

  const quiet = postHook();
  expect({ exitCode: quiet.exitCode, stdout: quiet.stdout, stderr: quiet.stderr }).toEqual({ exitCode: 0, stdout: "", stderr: "" });
  // Not the watchdog's exit (it fires at twice the deadline plus a margin): the catch answered first.
  expect(quiet.elapsedMs).toBeLessThan(2 * DEFAULT_HOOK_DEADLINE_MS);
});
