/**
 * The real Claude Code CLI follows a marker: in a temp HOME where nothing but `omni init --claude`
 * ran (the user's PATH names ~/.local/bin, as Debian's and Ubuntu's profiles do), the model reads
 * a distilled build, takes the handle from its marker and runs `omni retrieve <handle>` through
 * its own Bash tool. What it reads back must be the removed bytes, whole. This is the
 * "command not found" a marker once led to when init left `omni` off the agent's PATH.
 */
import { expect, test } from "bun:test";
import { existsSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { OMNI_EXE } from "../helpers/sandbox.ts";
import { CLAUDE_CODE_VERSION, ensureClaudeCli, fakeModelEnv, printArgv } from "./claude-cli.ts";
import { startFakeModel, toolResultText, toolUseId } from "./fake-anthropic.ts";
import { describeHost, handleIn, NOISY_SHELL, retrieve, scriptedSession } from "./scripted-session.ts";
import type { RequestBody } from "./fake-server.ts";

const cli = ensureClaudeCli();

/** The model's second step: retrieve the handle in the marker of what it read for the first. */
function retrieveFromMarker(body: RequestBody) {
  const first = toolResultText(body, toolUseId(0))?.text ?? "";
  return {
    name: "Bash",
    args: { command: `omni retrieve ${handleIn(first) ?? "no-handle-in-the-marker"}`, description: "get the omitted lines back" },
  };
}

const run = scriptedSession({
  initFlag: "--claude",
  files: {},
  userEnv: (home) => ({ PATH: `${join(home, ".local", "bin")}:/usr/local/bin:/usr/bin:/bin` }),
  startModel: () => startFakeModel([{ name: "Bash", args: { command: NOISY_SHELL, description: "build" } }, retrieveFromMarker]),
  command: (model) => ({ argv: printArgv(cli.bin!), env: fakeModelEnv(model.url) }),
  killAfterMs: 180_000,
  resultIn: (body, step) => toolResultText(body, toolUseId(step)),
});

describeHost("Claude Code", cli, `Claude Code ${CLAUDE_CODE_VERSION}: the model follows a marker with omni retrieve`, () => {
  test(
    "the model's own `omni retrieve <handle>` returns the archived bytes, whole",
    async () => {
      const { exitCode, sandbox } = await run.session();
      expect(exitCode).toBe(0);
      // init made `omni` reachable: a link in the user's ~/.local/bin.
      expect(readlinkSync(join(sandbox.home, ".local", "bin", "omni"))).toBe(OMNI_EXE);
      const distilled = await run.resultOf(0);
      const handle = handleIn(distilled.text);
      expect(handle).toBeDefined();
      expect(distilled.text).not.toContain("Compiling crate-150 v1.0.150\n");

      const pulled = await run.resultOf(1);
      expect(pulled.isError).toBe(false);
      expect(pulled.text).not.toContain("command not found");
      for (let i = 1; i <= 300; i++) expect(pulled.text).toContain(`Compiling crate-${i} v1.0.${i}\n`);
      // The Bash tool joins stderr (retrieve's one-line header) and stdout: after the header, byte
      // for byte what the archive holds (the host trims a tool result's trailing newline).
      const [header, ...rest] = pulled.text.split("\n");
      expect(header).toStartWith(`omni retrieve ${handle} · 301 lines`);
      expect(rest.join("\n")).toBe(retrieve(sandbox, handle!).trimEnd());
      expect(existsSync(sandbox.dbPath)).toBe(true);
    },
    run.timeoutMs,
  );
});
