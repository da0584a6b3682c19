/** A Bash call the host cut at its 30,000-char cap, with no readable persisted file, is still a row. */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { HOST_OUTPUT_CAP_CHARS } from "../../src/base/limits.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

test("a call declined at the host's output cap is recorded with its reason and the bytes the host delivered", () => {
  sandbox = makeSandbox();
  const stdout = Array.from({ length: 4_000 }, (_, i) => `Compiling crate-${i} v1.0.${i}`).join("\n");
  // Recorded uncut (as a replayed payload may be): the row counts only the host's cut.
  expect(stdout.length).toBeGreaterThan(HOST_OUTPUT_CAP_CHARS);
  const payload = {
    session_id: "cap",
    hook_event_name: "PostToolUse",
    cwd: "/tmp",
    tool_name: "Bash",
    tool_input: { command: "PGPASSWORD=Zx81kLmQ2 cargo build -vv" },
    tool_response: { stdout, stderr: "", interrupted: false, isImage: false, persistedOutputPath: "/nonexistent/output.txt" },
    exit_code: 0,
  };
  const run = runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify(payload) });
  expect(run.exitCode).toBe(0);
  expect(run.stdout.length).toBe(0);
  const db = new Database(sandbox.dbPath, { readonly: true });
  const rows = db.query("SELECT tool, route, reason, input_bytes, delivered_bytes, command FROM distillations").all();
  db.close();
  expect(rows).toEqual([
    {
      tool: "Bash",
      route: "passthrough",
      reason: "host output cap, persisted output unreadable",
      input_bytes: HOST_OUTPUT_CAP_CHARS,
      delivered_bytes: HOST_OUTPUT_CAP_CHARS,
      command: "PGPASSWORD=[REDACTED] cargo build -vv",
    },
  ]);
  const stats = JSON.parse(runOmni(["stats", "--json"], { env: sandbox.env }).stdout.toString());
  expect(stats.totals.calls).toBe(1);
});
