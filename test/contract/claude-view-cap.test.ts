/**
 * Contract test against the real Claude Code CLI: a failed Bash call past about 11,000 characters
 * reaches the model only as its first and last 5,000 (`... [N characters truncated] ...`,
 * measured, 2.1.332), and a passing one of 30,000 or more as a 2 KB preview. A rewritten run whose
 * distillation is still that long is cut by omni exec under the host's size instead, so the model
 * reads the reply itself: the warnings, the tally and a handle to the rest.
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixture } from "../helpers/pipeline-run.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { CLAUDE_CODE_VERSION, ensureClaudeCli, firstToolResult } from "./claude-cli.ts";
import { describeHost } from "./scripted-session.ts";

const cli = ensureClaudeCli();
const sandboxes: Sandbox[] = [];
afterAll(() => sandboxes.forEach((sandbox) => sandbox.cleanup()));

/** What the model was given for `rubocop lib`: a real 324 KB run (1,659 offenses) replayed by a `rubocop` on PATH. */
async function modelSees(withOmni: boolean): Promise<string> {
  const sandbox = makeSandbox();
  sandboxes.push(sandbox);
  const project = join(sandbox.home, "proj");
  const bin = join(sandbox.home, "bin");
  mkdirSync(project, { recursive: true });
  mkdirSync(bin, { recursive: true });
  const output = join(sandbox.home, "rubocop.out");
  writeFileSync(output, fixture("build", "h3_rubocop_ruby_ansi_lib").text);
  writeFileSync(join(bin, "rubocop"), `#!/bin/sh\ncat '${output}'\nexit 1\n`);
  chmodSync(join(bin, "rubocop"), 0o755);
  const env = { ...sandbox.env, PATH: `${bin}:${sandbox.env.PATH ?? process.env.PATH}` };
  if (withOmni) runOmni(["init", "--claude"], { env, cwd: project });
  return firstToolResult(cli.bin!, project, env, { name: "Bash", args: { command: "rubocop lib", description: "lint" } });
}

describeHost(
  "Claude Code",
  cli,
  `Claude Code ${CLAUDE_CODE_VERSION}: a long distilled reply of a failed run and the host's cut of it`,
  () => {
    test("the model reads omni's reply whole, with the warnings and the tally, where without omni it gets two ends of the first 30,000 characters", async () => {
      const [without, withOmni] = await Promise.all([modelSees(false), modelSees(true)]);
      expect(without).toMatch(/\.\.\. \[\d+ characters truncated\] \.\.\./);
      expect(without).not.toContain("1659 offenses detected");
      expect(withOmni).not.toMatch(/characters truncated|Output too large/);
      expect(withOmni).toContain("lib/ansi/diff.rb:16:29: W: Lint/UselessAssignment");
      expect(withOmni).toContain("21 files inspected, 1659 offenses detected");
      expect(withOmni).toMatch(/output truncated, .* omni retrieve [0-9a-f]{16}\]/);
    }, 180_000);
  },
);
