/**
 * Contract test against the real Claude Code CLI: a rewritten command still running at the Bash
 * tool's timeout. The CLI moves it to the background and shows the model what it had printed so
 * far (measured, 2.1.332); omni exec prints what it captured shortly before that timeout, so the
 * model sees the run's progress as it would without omni, instead of "No output had been read".
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { CLAUDE_CODE_VERSION, ensureClaudeCli, firstToolResult } from "./claude-cli.ts";
import { describeHost } from "./scripted-session.ts";

const cli = ensureClaudeCli();
const sandboxes: Sandbox[] = [];
afterAll(() => sandboxes.forEach((sandbox) => sandbox.cleanup()));

/**
 * A project's test script that prints 400 results in a second, then outlives the host's timeout.
 * The timeout is long enough that omni exec gets its full margin (2 s before the host's timeout):
 * with a 3 s timeout the margin is 0.6 s, which a loaded machine spends before omni has started.
 */
const HOST_TIMEOUT_MS = 10_000;
const SCRIPT = `#!/bin/sh\nfor i in $(seq 1 400); do echo "test case_$i ... ok"; done\necho "test case_401 ... FAILED"\nsleep ${HOST_TIMEOUT_MS / 1000 + 4}\necho "test result: FAILED. 400 passed; 1 failed"\nexit 1\n`;

async function interimOutput(withOmni: boolean): Promise<{ text: string; sandbox: Sandbox }> {
  const sandbox = makeSandbox();
  sandboxes.push(sandbox);
  const project = join(sandbox.home, "proj");
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "run-tests.sh"), SCRIPT);
  chmodSync(join(project, "run-tests.sh"), 0o755);
  if (withOmni) runOmni(["init", "--claude"], { env: sandbox.env, cwd: project });
  const call = { name: "Bash", args: { command: "./run-tests.sh", description: "tests", timeout: HOST_TIMEOUT_MS } };
  return { text: await firstToolResult(cli.bin!, project, sandbox.env, call), sandbox };
}

describeHost("Claude Code", cli, `Claude Code ${CLAUDE_CODE_VERSION}: a rewritten run past the Bash timeout`, () => {
  test("shows the model what the run had printed when the host moves it to the background, as without omni", async () => {
    const [without, withOmni] = await Promise.all([interimOutput(false), interimOutput(true)]);
    expect(without.text).toContain("moved to the background");
    expect(without.text).toContain("test case_401 ... FAILED");
    expect(withOmni.text).toContain("moved to the background");
    expect(withOmni.text).not.toContain("No output had been read");
    expect(withOmni.text).toContain("test case_401 ... FAILED");
    // It went through omni exec, and the rest of the run streamed on.
    const db = new Database(withOmni.sandbox.dbPath, { readonly: true });
    // The run goes on in the background and may be writing its row right now: wait for the lock as omni does.
    db.exec("PRAGMA busy_timeout = 10000");
    const rows = db.query("SELECT entry FROM distillations WHERE command LIKE '%run-tests.sh%'").all();
    db.close();
    expect(rows).toContainEqual({ entry: "exec" });
  }, 180_000);
});
